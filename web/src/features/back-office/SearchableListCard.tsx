import { useMemo, useState } from 'react';
import { LIMITS, type ExportAnswer } from '@casebridge/contracts';
import { queryErrorText } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { TextField } from '../../ui/fields';
import { ExportButton } from '../../ui/ExportButton';

interface SearchableListCardProps<Row> {
  caption: string;
  columns: readonly DataColumn<Row>[];
  /** The whole list, loaded at once (undefined until it arrives); search and paging happen here. */
  rows: readonly Row[] | undefined;
  loading: boolean;
  /** The failed load, if any. */
  error: Error | null;
  /** The searchable text of a row (its searchable columns). */
  searchText: (row: Row) => string;
  rowKey: (row: Row) => number;
  emptyText: string;
  exportRequest: () => Promise<ExportAnswer>;
}

/**
 * A back-office list: Export, Search and a paged table (searchable columns, searching from 2 characters,
 * pages of 10).
 */
export function SearchableListCard<Row>({
  caption,
  columns,
  rows: all,
  loading,
  error,
  searchText,
  rowKey,
  emptyText,
  exportRequest,
}: SearchableListCardProps<Row>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (term.length < LIMITS.searchMinChars) return all ?? [];
    return (all ?? []).filter((row) => searchText(row).toLowerCase().includes(term));
    // searchText is a pure function of the row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all, search]);
  const pageRows = rows.slice((page - 1) * LIMITS.pageSize, page * LIMITS.pageSize);
  return (
    <section className="card">
      <ExportButton label="Export" request={exportRequest} />
      {error && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(error)}
        </p>
      )}
      <TextField
        label="Search"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <DataTable
        caption={caption}
        columns={columns}
        rows={pageRows}
        paging={{ page, perPage: LIMITS.pageSize, total: rows.length, onPage: setPage }}
        rowKey={rowKey}
        loading={loading}
        emptyText={emptyText}
      />
    </section>
  );
}
