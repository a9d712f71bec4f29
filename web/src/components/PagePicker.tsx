import Pagination, { type PaginationProps } from '@mui/material/Pagination';

type PagePickerProps = Omit<PaginationProps, 'count' | 'page' | 'onChange'> & {
  /** Zero-based, as the api counts pages. */
  page: number;
  totalPages: number;
  onPage(page: number): void;
};

/** MUI's page numbers over the api's zero-based pages; nothing while there is only one page. */
export function PagePicker({ page, totalPages, onPage, ...shown }: PagePickerProps) {
  if (totalPages <= 1) return null;
  return (
    <Pagination
      count={totalPages}
      page={page + 1}
      onChange={(_, next) => onPage(next - 1)}
      {...shown}
    />
  );
}
