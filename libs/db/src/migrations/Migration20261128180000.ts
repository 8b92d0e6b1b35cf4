import { Migration } from '@mikro-orm/migrations';

/**
 * Whose move a case waits for (`cases.turn`): the receiver's while it is open or once the submitter answered an
 * information request, the submitter's while a request is unanswered, nobody's (null) once accepted, rejected or
 * closed. Kept by appendCaseEvents from each entry's type, so lists read it like any column; filled here from the
 * status and the responses, the same rule the inbound-needing-action filter used.
 */
export class Migration20261128180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "cases" add column "turn" text null default 'receiver',
      add constraint "cases_turn_check" check ("turn" in ('submitter', 'receiver'));`);
    this.addSql(`update "cases" c set "turn" = case
        when c.status = 'open' then 'receiver'
        when c.status = 'information' then case when exists (
          select 1 from case_responses answer where answer.case_id = c.id and answer.type = 'information-response'
            and answer.created_at > coalesce((select max(ask.created_at) from case_responses ask
              where ask.case_id = c.id and ask.type = 'information-request'), '-infinity'))
          then 'receiver' else 'submitter' end
        else null end;`);
    // The dashboard's count of a company's inbound cases waiting for it, and the inbound-needing-action list.
    this.addSql(`create index "cases_receiver_turn_index" on "cases" ("receiver_company_id")
      where "turn" = 'receiver' and "deleted_at" is null and "is_sample" = false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "cases_receiver_turn_index";`);
    this.addSql(`alter table "cases" drop constraint "cases_turn_check", drop column "turn";`);
  }
}
