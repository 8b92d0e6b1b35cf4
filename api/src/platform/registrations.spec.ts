import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { EXPORT_KINDS, type ExportKind } from '@casebridge/contracts';
import { ExportPolicies, type ExportPolicyMap, type ExportPolicyProvider } from './exports/export-policy';
import { collectExportPolicies, ExportPolicyRegistry } from './exports/export-policy.registry';
import {
  CaseFollowRulesRegistry,
  RegistersCaseFollowRules,
  type CaseFollowRules,
  type CaseFollowTarget,
} from './realtime/case-follow-rules';

/** Platform finds what domains register with it at boot, and refuses to start on a gap rather than fail later. */
const refuse = async () => {
  throw new Error('refused');
};
const policiesFor = (kinds: readonly ExportKind[]): ExportPolicyMap =>
  Object.fromEntries(kinds.map((kind) => [kind, { authorize: refuse }]));

describe('export policies registered by domains', () => {
  it('collects one policy per kind from several providers', () => {
    const [first, ...rest] = EXPORT_KINDS;
    const policies = collectExportPolicies([{ policies: policiesFor([first]) }, { policies: policiesFor(rest) }]);
    expect([...policies.keys()].sort()).toEqual([...EXPORT_KINDS].sort());
  });

  it('refuses to start naming every kind without a policy and every kind with two', () => {
    const [first, second, third, ...rest] = EXPORT_KINDS;
    const start = () =>
      collectExportPolicies([{ policies: policiesFor([first, ...rest]) }, { policies: policiesFor([first]) }]);
    expect(start).toThrow(`export kind "${second}" has no policy`);
    expect(start).toThrow(`export kind "${third}" has no policy`);
    expect(start).toThrow(`export kind "${first}" has two policies`);
  });

  it('finds the providers marked @ExportPolicies() in any module of the app', async () => {
    @ExportPolicies()
    @Injectable()
    class AllKinds implements ExportPolicyProvider {
      readonly policies = policiesFor(EXPORT_KINDS);
    }
    @Module({ providers: [AllKinds] })
    class SomeDomainModule {}
    const app = await Test.createTestingModule({
      imports: [DiscoveryModule, SomeDomainModule],
      providers: [ExportPolicyRegistry],
    }).compile();
    await app.init();
    await expect(
      app
        .get(ExportPolicyRegistry)
        .of('companies')
        .authorize({}, {} as never),
    ).rejects.toThrow('refused');
    await app.close();
  });
});

describe('the case follow rule registered by the cases domain', () => {
  const target: CaseFollowTarget = { caseId: 7, audience: 'staff' };
  @RegistersCaseFollowRules()
  @Injectable()
  class FollowRules implements CaseFollowRules {
    followTarget = async () => target;
  }
  @RegistersCaseFollowRules()
  @Injectable()
  class OtherFollowRules extends FollowRules {}

  const boot = async (providers: (typeof FollowRules)[]) => {
    const app = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [CaseFollowRulesRegistry, ...providers],
    }).compile();
    await app.init();
    return app;
  };

  it('asks the one registered rule', async () => {
    const app = await boot([FollowRules]);
    await expect(app.get(CaseFollowRulesRegistry).followTarget({ caseLinkToken: 't' }, 't')).resolves.toBe(target);
    await app.close();
  });

  it('refuses to start with no rule or with two', async () => {
    await expect(boot([])).rejects.toThrow('0 providers marked @RegistersCaseFollowRules(), one expected');
    await expect(boot([FollowRules, OtherFollowRules])).rejects.toThrow('2 providers marked');
  });
});
