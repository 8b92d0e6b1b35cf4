import { caseStatusLabel, type CaseDetail, type CaseListRow } from '@casebridge/contracts';
import { turnWords } from './case-turn';

/** Under the case page's heading: whose move the case waits for, in words (emphasised when it is the viewer's). */
export function TurnNotice({
  detail,
}: {
  detail: Pick<CaseDetail, 'turn' | 'status' | 'direction' | 'company' | 'receiver'>;
}) {
  const partner = detail.direction === 'inbound' ? detail.company.name : detail.receiver.name;
  const words = turnWords(detail.turn, detail.status, detail.direction, partner);
  return (
    <p className={words.mine ? 'case-turn case-turn-mine' : 'case-turn'} data-testid="case-turn">
      {words.text}
    </p>
  );
}

/** A list's status cell: the status as the case log names it, and whose move it is (bold when the viewer's). */
export function StatusWithTurn({ row }: { row: Pick<CaseListRow, 'status' | 'turn' | 'direction' | 'partner'> }) {
  const words = turnWords(row.turn, row.status, row.direction, row.partner.name);
  return (
    <>
      <span className={`status-badge status-${row.status}`}>{caseStatusLabel(row.status, row.turn)}</span>
      <span className={words.mine ? 'row-turn row-turn-mine' : 'row-turn'}>{words.short}</span>
    </>
  );
}
