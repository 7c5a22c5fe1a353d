'use client';

import { Copy, EllipsisVertical, File, Folder, KeyRound, Link2Off, Pencil } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { ItemCheckbox } from '@/features/items/item-checkbox';
import type { ShareSummary } from './share-api';
import type { StatusTone } from './share-options';
import { linkWithPassCode, statusTone } from './share-options';

const toneClasses: Record<StatusTone, string> = {
  active: 'bg-primary/10 text-foreground',
  ended: 'bg-muted text-muted-foreground',
  held: 'bg-danger/10 text-danger',
};

/** Check box, item, status, views, saves, expiry and three 40 px buttons. */
export const desktopColumns = '2.75rem minmax(12rem,1fr) 8.5rem 6.5rem 9.5rem 7rem 8rem';

/**
 * One share link of the member's list: a grid row of columns on a computer, four lines on a
 * phone; its check box, item, status, views, saves, time left and actions.
 */
export function ShareRow({
  share,
  index,
  isMobile,
  selected,
  expiry,
  onToggle,
  onCopy,
  onEdit,
  onCancel,
}: {
  share: ShareSummary;
  /** The row's place in the list (arrow keys move by it). */
  index: number;
  isMobile: boolean;
  selected: boolean;
  expiry: string;
  /** A click on the row's check box; with Shift (`range`), the rows from the last one ticked. */
  onToggle: (id: string, range: boolean) => void;
  onCopy: (text: string) => void;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('drive.shares');
  const Icon = share.file_kind === 'drive#folder' ? Folder : File;
  const count = Number(share.restore_count);
  const limit = Number(share.restore_limit);
  const saves = limit >= 0 ? t('saves-limited', { count, limit }) : t('saves-unlimited', { count });
  const views = t('views', { count: Number(share.view_count) });
  const tone = statusTone(share.share_status);
  const withCode = linkWithPassCode(share.share_url, share.pass_code);
  const status = (
    <span
      data-testid="share-status"
      data-status={share.share_status}
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 text-xs font-medium',
        toneClasses[tone],
      )}
    >
      {t(`status.${share.share_status}`)}
    </span>
  );
  const menu = (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('actions', { title: share.title })}
          data-testid="share-more"
        >
          <EllipsisVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {isMobile ? (
          <>
            <DropdownMenuItem onSelect={() => onCopy(share.share_url)}>
              <Copy aria-hidden className="size-4" />
              {t('copy-link')}
            </DropdownMenuItem>
            {share.pass_code ? (
              <DropdownMenuItem onSelect={() => onCopy(withCode)}>
                <KeyRound aria-hidden className="size-4" />
                {t('copy-with-code')}
              </DropdownMenuItem>
            ) : null}
          </>
        ) : null}
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden className="size-4" />
          {t('edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCancel} className="text-danger">
          <Link2Off aria-hidden className="size-4" />
          {t('cancel')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
  const name = (
    <div className="min-w-0">
      <p className="truncate text-sm font-medium" data-testid="share-title">
        {share.title}
      </p>
      <p className="truncate text-xs text-muted-foreground">
        {t('items', { count: Number(share.file_num) })}
        {' · '}
        <span data-testid="share-row-pass-code">
          {share.pass_code ? t('pass-code', { code: share.pass_code }) : t('no-pass-code')}
        </span>
      </p>
      {share.moderation_reason_text ? (
        <p className="truncate text-xs text-danger" data-testid="share-moderation-reason">
          {t('moderation-reason', { reason: share.moderation_reason_text })}
        </p>
      ) : null}
    </div>
  );

  const common = {
    role: 'row',
    'data-testid': 'share-row',
    'data-share-id': share.share_id,
    'data-index': index,
    'aria-selected': selected,
  } as const;
  const checkbox = (
    <ItemCheckbox
      checked={selected}
      label={t('select', { title: share.title })}
      onToggle={(event) => onToggle(share.share_id, event.shiftKey)}
    />
  );

  if (isMobile) {
    return (
      <div
        {...common}
        className={cn(
          'flex h-full items-start gap-1 border-b border-border px-1 py-2',
          selected ? 'bg-primary/5' : '',
        )}
      >
        <span role="cell">{checkbox}</span>
        <div role="cell" className="flex min-w-0 flex-1 flex-col gap-1 pt-2">
          <div className="flex min-w-0 items-center gap-2">
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
            {name}
          </div>
          <div className="flex min-w-0 items-center gap-2 pl-7 text-xs text-muted-foreground">
            {status}
            <span className="truncate" data-testid="share-expiry">
              {expiry}
            </span>
          </div>
          <p className="truncate pl-7 text-xs text-muted-foreground">
            <span data-testid="share-views">{views}</span>
            <span aria-hidden> · </span>
            <span data-testid="share-saves">{saves}</span>
          </p>
        </div>
        <span role="cell">{menu}</span>
      </div>
    );
  }

  return (
    <div
      {...common}
      className={cn(
        'grid h-full items-center gap-3 border-b border-border px-3 text-sm hover:bg-muted/50 md:px-5',
        selected ? 'bg-primary/5' : '',
      )}
      style={{ gridTemplateColumns: desktopColumns }}
    >
      <span role="cell" className="flex justify-center">
        {checkbox}
      </span>
      <span role="cell" className="flex min-w-0 items-center gap-3">
        <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        {name}
      </span>
      <span role="cell" className="min-w-0">
        {status}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-views">
        {views}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-saves">
        {saves}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-expiry">
        {expiry}
      </span>
      <span role="cell" className="flex items-center justify-end gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('copy-link')}
          title={t('copy-link')}
          onClick={() => onCopy(share.share_url)}
        >
          <Copy aria-hidden />
        </Button>
        {share.pass_code ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('copy-with-code')}
            title={t('copy-with-code')}
            onClick={() => onCopy(withCode)}
          >
            <KeyRound aria-hidden />
          </Button>
        ) : null}
        {menu}
      </span>
    </div>
  );
}
