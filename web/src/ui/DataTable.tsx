import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  dir: SortDirection;
}

export interface DataColumn<Row> {
  /** Identifies the column; also the sort key sent to the server when the column is sortable. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Direction of the first click on this column (dates usually start descending). */
  firstDir?: SortDirection;
  className?: string;
}

export interface Paging {
  page: number;
  perPage: number;
  total: number;
  /** The server estimated a long list's total (total_estimated): shown as "about". */
  estimated?: boolean;
  onPage: (page: number) => void;
}

interface DataTableProps<Row> {
  /** Accessible name of the table (read by screen readers, visually hidden). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A class per row (unread cases are bold, for example). */
  rowClass?: (row: Row) => string | undefined;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  paging?: Paging;
  /** Adds the "Times are shown in UTC." note under the table. */
  utcNote?: boolean;
  loading?: boolean;
  emptyText?: string;
}

/** The shared table of the member area: sortable headers (server-side), paging and the UTC note. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowClass,
  sort,
  onSort,
  paging,
  utcNote,
  loading,
  emptyText = 'No records found.',
}: DataTableProps<Row>) {
  const clickSort = (column: DataColumn<Row>) => {
    if (!onSort) return;
    const dir: SortDirection =
      sort?.column === column.key ? (sort.dir === 'asc' ? 'desc' : 'asc') : (column.firstDir ?? 'asc');
    onSort({ column: column.key, dir });
  };

  return (
    <div className="data-table" aria-busy={loading ? true : undefined}>
      <div className="data-table-scroll">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort?.column === column.key;
                const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={ariaSort} className={column.className}>
                    {column.sortable && onSort ? (
                      <button type="button" className="sort-button" onClick={() => clickSort(column)}>
                        {column.header}
                        <span aria-hidden="true" className="sort-indicator">
                          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {loading ? 'Loading…' : emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={rowClass?.(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="data-table-footer">
        {utcNote && <p className="muted data-table-note">Times are shown in UTC.</p>}
        {paging && <Pager {...paging} label={caption} />}
      </div>
    </div>
  );
}

/** Page numbers around the current page, with first and last always reachable. */
function pageWindow(page: number, pages: number): number[] {
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  const end = Math.min(pages, start + 4);
  const list: number[] = [];
  for (let n = start; n <= end; n++) list.push(n);
  return list;
}

function Pager({ page, perPage, total, estimated, onPage, label }: Paging & { label: string }) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <span className="muted">
        Showing {first}–{last} of {estimated ? `about ${total.toLocaleString('en-US')}` : total}
      </span>
      {pages > 1 && (
        <ul>
          <li>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              Previous
            </button>
          </li>
          {pageWindow(page, pages).map((n) => (
            <li key={n}>
              <button
                type="button"
                className={n === page ? 'button button-small' : 'button button-secondary button-small'}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
            >
              Next
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
