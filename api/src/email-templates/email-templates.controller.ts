import { Controller } from '@nestjs/common';
import { API, type EmailTemplateBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, ValidBody } from '../platform/common/contract-route';
import { EmailTemplatesService } from './email-templates.service';

const api = API.superAdminEmailTemplates;
type TemplateInput = z.output<typeof EmailTemplateBody>;

/** Back office: the e-mail templates the product sends (list, edit, preview). */
@Controller()
export class EmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Route(api.list)
  list() {
    return this.templates.list();
  }

  @Route(api.get)
  get(@IdParam('id') id: number) {
    return this.templates.get(id);
  }

  @Route(api.save)
  save(@IdParam('id') id: number, @ValidBody() body: TemplateInput) {
    return this.templates.save(id, body);
  }

  @Route(api.preview)
  preview(@IdParam('id') id: number, @ValidBody() body: TemplateInput) {
    return this.templates.preview(id, body);
  }
}
