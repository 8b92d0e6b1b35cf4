import { Controller, StreamableFile } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { CurrentActor } from '../access/current-actor.decorator';
import { IdParam, Route, ValidBody, ValidQuery } from '../common/contract-route';
import { attachmentDisposition } from '../common/stored-files';
import { XLSX_TYPE } from './export-links';
import { ExportsService, type ExportDownload } from './exports.service';

type CreateBody = z.output<NonNullable<typeof API.exports.create.body>>;
type FileQuery = z.output<NonNullable<typeof API.exports.file.query>>;

const answerOf = (file: ExportDownload) =>
  new StreamableFile(file.stream, {
    type: XLSX_TYPE,
    disposition: attachmentDisposition(file.fileName),
    length: file.size,
  });

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

  /** The file streamed to a client with the token (API clients). */
  @Route(API.exports.download)
  async download(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return answerOf(await this.exports.download(actor, id));
  }

  /** What the web app opens: a link the browser downloads by itself, streamed, without the token. */
  @Route(API.exports.link)
  link(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.exports.link(actor, id);
  }

  @Route(API.exports.file)
  async file(@IdParam('id') id: number, @ValidQuery() query: FileQuery) {
    return answerOf(await this.exports.fileByLink(id, query));
  }
}
