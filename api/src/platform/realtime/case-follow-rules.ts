import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CaseAudience } from '@casebridge/contracts';
import type { Actor } from '../access/actor';
import { registeredProviders } from '../common/registered-providers';

/** Who asks to follow a case live: a signed-in member or super admin, or a public page with the case's token link. */
export type CaseFollower = { actor: Actor } | { caseLinkToken: string };

/** The case a follower may follow, and the audience whose version of each event it receives. */
export interface CaseFollowTarget {
  caseId: number;
  audience: CaseAudience;
}

/** The rule the cases domain registers: who may follow a case (null: the case is not reachable for them). */
export interface CaseFollowRules {
  followTarget(follower: CaseFollower, token: string): Promise<CaseFollowTarget | null>;
}

/** Marks the one provider (a `CaseFollowRules`) the gateway asks whether a socket may follow a case. */
export const RegistersCaseFollowRules = DiscoveryService.createDecorator<void>();

/**
 * The registered follow rule, found at boot: the gateway is platform and imports no domain. The api refuses to
 * start without exactly one rule, rather than refusing every follow later.
 */
@Injectable()
export class CaseFollowRulesRegistry implements OnModuleInit, CaseFollowRules {
  private rules: CaseFollowRules | null = null;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const registered = registeredProviders<CaseFollowRules>(
      this.discovery,
      RegistersCaseFollowRules,
      (instance) => typeof instance.followTarget === 'function',
    );
    if (registered.length !== 1) {
      throw new Error(
        `Api cannot start: ${registered.length} providers marked @RegistersCaseFollowRules(), one expected ` +
          '(the cases domain decides who may follow a case live).',
      );
    }
    this.rules = registered[0];
  }

  followTarget(follower: CaseFollower, token: string): Promise<CaseFollowTarget | null> {
    if (!this.rules) throw new Error('The case follow rules are not registered yet.');
    return this.rules.followTarget(follower, token);
  }
}
