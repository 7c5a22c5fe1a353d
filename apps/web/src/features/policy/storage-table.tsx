import type { PolicyArguments, PolicyTranslator } from './policy-facts';
import { storageInventory } from './storage-inventory';

/** The privacy policy's list of every cookie and browser storage key, by its real name. */
export function StorageTable({ t, args }: { t: PolicyTranslator; args: PolicyArguments }) {
  return (
    <div className="overflow-x-auto">
      <table data-testid="policy-storage" className="w-full text-start text-sm">
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('storage.name')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('storage.where')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('storage.purpose')}
            </th>
          </tr>
        </thead>
        <tbody>
          {storageInventory.map((entry) => (
            <tr key={entry.purpose} className="border-b border-border align-top">
              <td className="py-2 pe-3">
                {entry.names.map((name) => (
                  <code key={name} className="block font-mono text-xs break-all">
                    {name}
                  </code>
                ))}
              </td>
              <td className="py-2 pe-3 whitespace-nowrap">{t(`storage.kinds.${entry.kind}`)}</td>
              <td className="py-2">{t(`storage.purposes.${entry.purpose}`, args)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
