import { Controller, StreamableFile } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { CurrentActor } from '../access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../common/contract-route';
import { attachmentDisposition } from '../common/stored-files';
import { ExportsService } from './exports.service';

type CreateBody = z.output<NonNullable<typeof API.exports.create.body>>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spreadsheet exports of every kind: ask, follow, download. */
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Route(API.exports.create)
  create(@CurrentActor() actor: Actor, @ValidBody() body: CreateBody) {
    return this.exports.create(actor, body.kind, body.params);
  }

  @Route(API.exports.status)
  status(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.exports.status(actor, id);
  }

  @Route(API.exports.download)
  async download(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    const file = await this.exports.download(actor, id);
    return new StreamableFile(file.stream, {
      type: XLSX_TYPE,
      disposition: attachmentDisposition(file.fileName),
      length: file.size,
    });
  }
}
