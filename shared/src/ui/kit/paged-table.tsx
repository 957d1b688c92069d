import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Paged } from '@wallet/shared/data';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { useKitT } from './messages';

export type { Column } from '@wallet/shared/ui/kit/list-table';

interface PagedTableProps<T> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: Column<T>[];
  paged: Paged<T>;
  rowKey: (row: T) => string;
  emptyText?: string;
}

/** Spec §2: a list of 5 rows a page with Prev and Next, "Loading..." while the page is fetched. */
export function PagedTable<T>({ label, columns, paged, rowKey, emptyText }: PagedTableProps<T>) {
  const t = useKitT();
  const locale = INTL_LOCALE[pageLanguage()];
  const { rows, page, totalPages, estimated, isLoading, error, hasPrev, hasNext, prev, next } = paged;
  // An estimate may fall short of where the person already is: never "page 7 of about 5".
  const lastPage = Math.max(totalPages, page).toLocaleString(locale);
  return (
    <Stack spacing={2}>
      <ListTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        isLoading={isLoading}
        error={error}
        emptyText={emptyText}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t(estimated ? 'kit.page.ofAbout' : 'kit.page.of', { page: page.toLocaleString(locale), last: lastPage })}
        </Typography>
        <Button variant="outlined" size="small" onClick={prev} disabled={!hasPrev}>
          {t('kit.page.prev')}
        </Button>
        <Button variant="outlined" size="small" onClick={next} disabled={!hasNext}>
          {t('kit.page.next')}
        </Button>
      </Box>
    </Stack>
  );
}
