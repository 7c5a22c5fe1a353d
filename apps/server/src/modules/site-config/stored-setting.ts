/**
 * A setting's stored text as a value: JSON when it parses, the text itself otherwise (values
 * stored by hand, e.g. `INSERT INTO setting`, need not be JSON); null when nothing is stored.
 */
export function storedSettingValue(text: string | null): unknown {
  if (text === null) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
