/** One line of a diff: kept, removed (only before) or added (only after). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** The lines of a stored setting (JSON text, null: none stored), pretty-printed. */
function linesOf(json: string | null): string[] {
  if (json === null) {
    return [];
  }
  try {
    return JSON.stringify(JSON.parse(json), null, 2).split('\n');
  } catch {
    return json.split('\n');
  }
}

/**
 * The line diff of a setting's value before and after a change (a longest common subsequence of
 * lines; the values are small, at most a few hundred lines).
 */
export function settingDiff(before: string | null, after: string | null): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      lines.push({ kind: 'removed', text: a[i]! });
      i++;
    } else {
      lines.push({ kind: 'added', text: b[j]! });
      j++;
    }
  }
  return lines;
}
