import type { MouseEvent } from 'react';
import { clsx } from 'clsx';

/**
 * The check box of a listing's row or of its "select all" header: a 44 px target (36 px on a
 * computer when `compact`), an accessible name, and a dash when only some rows are selected.
 * A click hands over its event, so Shift (a range) can be told from a plain tick.
 */
export function ItemCheckbox({
  checked,
  indeterminate = false,
  label,
  onToggle,
  testId,
  compact = false,
  className,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onToggle: (event: MouseEvent<HTMLInputElement>) => void;
  testId?: string;
  compact?: boolean;
  /** The classes of the target around the box. */
  className?: string;
}) {
  return (
    <label
      className={clsx(
        'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center',
        compact && 'md:size-9',
        className,
      )}
    >
      <input
        type="checkbox"
        ref={(element) => {
          if (element) {
            element.indeterminate = indeterminate;
          }
        }}
        checked={checked}
        // The click says it: a change event carries no modifier keys.
        onChange={() => undefined}
        onClick={onToggle}
        aria-label={label}
        data-testid={testId}
        className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </label>
  );
}
