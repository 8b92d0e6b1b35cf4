const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** MMM-DD-YYYY hh:mm a in UTC, as back-office tables show dates (spec 3 §9); '' for none. */
export function formatBackOfficeDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getUTCHours();
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]}-${pad(date.getUTCDate())}-${date.getUTCFullYear()} ${pad(hours12)}:${pad(
    date.getUTCMinutes(),
  )} ${hours < 12 ? 'am' : 'pm'}`;
}
