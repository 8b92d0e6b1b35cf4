import { TextField } from './fields';

export interface DateRange {
  start: string;
  end: string;
}

interface DateRangeFieldsProps {
  range: DateRange;
  onPick: (field: keyof DateRange, value: string) => void;
  errors?: { start?: string; end?: string };
}

/** Start and end day pickers of a report; each keeps the other from passing it. */
export function DateRangeFields({ range, onPick, errors = {} }: DateRangeFieldsProps) {
  return (
    <>
      <TextField
        label="Start Date"
        type="date"
        value={range.start}
        max={range.end || undefined}
        onChange={(event) => onPick('start', event.target.value)}
        error={errors.start}
      />
      <TextField
        label="End Date"
        type="date"
        value={range.end}
        min={range.start || undefined}
        onChange={(event) => onPick('end', event.target.value)}
        error={errors.end}
      />
    </>
  );
}
