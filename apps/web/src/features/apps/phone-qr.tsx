import type { Locale } from '@nimbus/contracts';
import { Smartphone } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { QrCode } from '@/components/qr-code';

export interface PhoneQrProps {
  /** The absolute URL the phone opens. */
  url: string;
  title: string;
  body: string;
  label: string;
}

/** A QR code for a visitor on a computer to carry a page over to their phone. */
export function PhoneQr({ url, title, body, label }: PhoneQrProps) {
  return (
    <section
      aria-labelledby="phone-qr-title"
      data-qr={url}
      className="flex flex-col items-center gap-4 rounded-xl border border-border p-5 sm:flex-row"
    >
      <QrCode value={url} label={label} size={160} />
      <div>
        <h2 id="phone-qr-title" className="flex items-center gap-2 text-lg font-semibold">
          <Smartphone aria-hidden className="size-5 text-primary" />
          {title}
        </h2>
        <p className="mt-2 text-muted-foreground">{body}</p>
        <p className="mt-2 text-sm break-all text-muted-foreground">{url}</p>
      </div>
    </section>
  );
}

/** The QR code of an app page's own address, with the `apps.qr` texts. */
export async function PageQr({ locale, url }: { locale: Locale; url: string }) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  return <PhoneQr url={url} title={t('qr.title')} body={t('qr.body')} label={t('qr.label')} />;
}
