import { Controller } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route } from '../../platform/common/contract-route';
import { ReportDates } from './report-dates.decorator';
import { SuperAdminReportsService } from './super-admin-reports.service';
import type { ReportDatesRange } from '@casebridge/contracts';

const api = API.superAdminReports;

/** The back office's Reports page: each call starts one spreadsheet export. */
@Controller()
export class SuperAdminReportsController {
  constructor(private readonly reports: SuperAdminReportsService) {}

  @Route(api.userLogins)
  userLogins(@CurrentActor() actor: Actor, @ReportDates() range: ReportDatesRange) {
    return this.reports.start(actor, 'user_logins', range);
  }

  @Route(api.processesViewed)
  processesViewed(@CurrentActor() actor: Actor, @ReportDates() range: ReportDatesRange) {
    return this.reports.start(actor, 'processes_viewed', range);
  }

  @Route(api.wordSearch)
  wordSearch(@CurrentActor() actor: Actor, @ReportDates() range: ReportDatesRange) {
    return this.reports.start(actor, 'word_search', range);
  }

  @Route(api.managers)
  managers(@CurrentActor() actor: Actor) {
    return this.reports.start(actor, 'managers', {});
  }

  @Route(api.mailDomain)
  mailDomain(@CurrentActor() actor: Actor) {
    return this.reports.start(actor, 'mail_domain', {});
  }

  @Route(api.userAgedLogins)
  userAgedLogins(@CurrentActor() actor: Actor) {
    return this.reports.start(actor, 'user_aged_logins', {});
  }
}
