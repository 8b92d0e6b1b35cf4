import { Controller } from '@nestjs/common';
import { API, type SearchQuery } from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, ValidQuery } from '../../platform/common/contract-route';
import { BackOfficeQueueService } from './back-office-queue.service';
import { BackOfficeSearchService } from './back-office-search.service';

const api = API.superAdminUsers;

/** Back-office dashboard: the company and user search boxes and the user registration queue. */
@Controller()
export class BackOfficeDashboardController {
  constructor(
    private readonly search: BackOfficeSearchService,
    private readonly queue: BackOfficeQueueService,
  ) {}

  @Route(api.searchCompanies)
  searchCompanies(@ValidQuery() query: z.output<typeof SearchQuery>) {
    return this.search.companies(query.term);
  }

  @Route(api.searchUsers)
  searchUsers(@ValidQuery() query: z.output<typeof SearchQuery>) {
    return this.search.users(query.term);
  }

  @Route(api.registrationQueue)
  registrationQueue() {
    return this.queue.queue();
  }

  @Route(api.approveRegistration)
  approve(@IdParam('id') id: number) {
    return this.queue.decide(id, true);
  }

  @Route(api.rejectRegistration)
  reject(@IdParam('id') id: number) {
    return this.queue.decide(id, false);
  }
}
