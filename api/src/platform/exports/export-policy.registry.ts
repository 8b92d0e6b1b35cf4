import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EXPORT_KINDS, type ExportKind } from '@casebridge/contracts';
import { registeredProviders } from '../common/registered-providers';
import { ExportPolicies, type ExportPolicy, type ExportPolicyProvider } from './export-policy';

/**
 * Every export kind's policy, collected at boot from the providers marked `@ExportPolicies()`. The api refuses to
 * start when a kind has no policy or two: otherwise such an export would only fail when someone asks for it.
 */
@Injectable()
export class ExportPolicyRegistry implements OnModuleInit {
  private policies = new Map<ExportKind, ExportPolicy<ExportKind>>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const providers = registeredProviders<ExportPolicyProvider>(this.discovery, ExportPolicies, (instance) =>
      Boolean(instance.policies),
    );
    this.policies = collectExportPolicies(providers);
  }

  /** The policy of a kind (always there once the app has started). */
  of<K extends ExportKind>(kind: K): ExportPolicy<K> {
    const policy = this.policies.get(kind);
    if (!policy) throw new Error(`No export policy for "${kind}".`);
    return policy as unknown as ExportPolicy<K>;
  }
}

/** The startup check: one policy per export kind of the contracts; throws naming every kind missing or doubled. */
export function collectExportPolicies(
  providers: readonly ExportPolicyProvider[],
  kinds: readonly ExportKind[] = EXPORT_KINDS,
): Map<ExportKind, ExportPolicy<ExportKind>> {
  const policies = new Map<ExportKind, ExportPolicy<ExportKind>>();
  const doubled: string[] = [];
  for (const provider of providers) {
    for (const [kind, policy] of Object.entries(provider.policies) as [ExportKind, ExportPolicy<ExportKind>][]) {
      if (policies.has(kind)) doubled.push(kind);
      policies.set(kind, policy);
    }
  }
  const missing = kinds.filter((kind) => !policies.has(kind));
  const unknown = [...policies.keys()].filter((kind) => !kinds.includes(kind));
  const problems = [
    ...missing.map((kind) => `export kind "${kind}" has no policy`),
    ...doubled.map((kind) => `export kind "${kind}" has two policies`),
    ...unknown.map((kind) => `policy for "${kind}", which is not an export kind`),
  ];
  if (problems.length > 0) {
    throw new Error(
      `Api cannot start: ${problems.join('; ')}. Each kind of EXPORT_PARAMS (libs/contracts) needs one policy, ` +
        'registered by its domain in a provider marked @ExportPolicies().',
    );
  }
  return policies;
}
