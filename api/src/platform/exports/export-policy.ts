import { DiscoveryService } from '@nestjs/core';
import type { EXPORT_PARAMS, ExportKind } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../access/actor';

/**
 * The api's half of an export kind: who may ask for it. `authorize` throws 403/404 when the actor may not, and
 * returns the params stored with the export (what the worker's row source needs: ids resolved here, never trusted
 * from the request).
 */
export interface ExportPolicy<K extends ExportKind> {
  authorize(params: z.output<(typeof EXPORT_PARAMS)[K]>, actor: Actor): Promise<Record<string, unknown>>;
}

/** Some kinds' policies, as one domain registers them. */
export type ExportPolicyMap = { [K in ExportKind]?: ExportPolicy<K> };

/** What a domain's policy provider offers: the kinds it owns. */
export interface ExportPolicyProvider {
  readonly policies: ExportPolicyMap;
}

/**
 * Marks a provider (an `ExportPolicyProvider`) whose policies the exports module collects at boot: the domain that
 * owns the rows decides who may export them, and platform never imports a domain.
 */
export const ExportPolicies = DiscoveryService.createDecorator<void>();
