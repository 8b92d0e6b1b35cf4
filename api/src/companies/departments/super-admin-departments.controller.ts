import { Controller } from '@nestjs/common';
import { API, type DepartmentBody, type RelationBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { DepartmentsService } from './departments.service';
import { GroupAccessService } from './group-access.service';

const api = API.superAdminDepartments;

/** Back office departments page and group access page. */
@Controller()
export class SuperAdminDepartmentsController {
  constructor(
    private readonly departments: DepartmentsService,
    private readonly access: GroupAccessService,
  ) {}

  @Route(api.save)
  save(
    @IdParam('companyId') companyId: number,
    @IdParam('departmentId') departmentId: number,
    @ValidBody() body: z.output<typeof DepartmentBody>,
  ) {
    return this.departments.save(companyId, departmentId, body);
  }

  @Route(api.delete)
  delete(@IdParam('id') id: number) {
    return this.departments.delete(id);
  }

  @Route(api.putRelation)
  putRelation(@IdParam('companyId') companyId: number, @ValidBody() body: z.output<typeof RelationBody>) {
    return this.access.put(companyId, body);
  }

  @Route(api.relation)
  relation(@IdParam('companyId') companyId: number, @IdParam('relationId') relationId: number) {
    return this.access.relation(companyId, relationId);
  }

  @Route(api.users)
  users(@IdParam('companyId') companyId: number, @IdParam('relationId') relationId: number) {
    return this.access.users(companyId, relationId);
  }
}
