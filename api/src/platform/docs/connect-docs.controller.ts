import { Controller, Inject } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { Route } from '../common/contract-route';
import { SERVER_CONFIG } from '../config/config.module';
import { buildConnectOpenApiDocument } from './connect-openapi';

/** GET /api/v1/openapi.json: the integration API's document, built once per instance. */
@Controller()
export class ConnectDocsController {
  private readonly document: Record<string, unknown>;

  constructor(@Inject(SERVER_CONFIG) config: ServerConfig) {
    this.document = buildConnectOpenApiDocument(config.PRODUCT_NAME);
  }

  @Route(API.connectIdentity.openapi)
  openapi() {
    return this.document;
  }
}
