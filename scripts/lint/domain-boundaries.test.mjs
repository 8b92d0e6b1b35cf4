// The house's lint rule catches what it must: platform importing a domain, a domain reaching another domain's
// internals; and lets through modules, services and a domain's root index, the platform, a domain's own files,
// tests and exceptions.
import { RuleTester } from 'eslint';
import { test } from 'node:test';
import { domainBoundaries } from './domain-boundaries.mjs';

const src = (file) => `/repo/api/src/${file}`;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

test('domain-boundaries', () => {
  tester.run('domain-boundaries', domainBoundaries, {
    valid: [
      { filename: src('cases/case-list.service.ts'), code: "import { X } from './case.mappers';" },
      { filename: src('cases/cases.module.ts'), code: "import { X } from '../platform/exports/export-policy';" },
      { filename: src('groups/group-export-policies.ts'), code: "import { X } from '../cases/case-access.service';" },
      { filename: src('companies/a.ts'), code: "import { AccountsModule } from '../accounts/accounts.module';" },
      { filename: src('platform/exports/exports.int-spec.ts'), code: "import { X } from '../../cases/case.mappers';" },
      { filename: src('app.module.ts'), code: "import { CasesModule } from './cases/cases.module';" },
      { filename: src('cases/a.ts'), code: "import { z } from 'zod';" },
      { filename: src('cases/a.ts'), code: "import { checkCaseSubmission } from '../processes/index';" },
      {
        filename: src('processes/a.ts'),
        code: "import { X } from '../cases/submissions/priority';",
        options: [{ exceptions: [{ from: ['processes/'], to: ['cases/submissions/priority'], because: 'test' }] }],
      },
    ],
    invalid: [
      {
        filename: src('cases/a.ts'),
        code: "import { checkCaseSubmission } from '../processes/submission-checks';",
        errors: [{ messageId: 'internals' }],
      },
      {
        filename: src('cases/a.ts'),
        code: "import { X } from '../processes/company-admin/index';",
        errors: [{ messageId: 'internals' }],
      },
      {
        filename: src('platform/exports/exports.service.ts'),
        code: "import { CaseAccessService } from '../../cases/case-access.service';",
        errors: [{ messageId: 'platform' }],
      },
      {
        filename: src('platform/realtime/realtime.module.ts'),
        code: "export { CasesModule } from '../../cases/cases.module';",
        errors: [{ messageId: 'platform' }],
      },
      {
        filename: src('groups/a.service.ts'),
        code: "import { toCaseRow } from '../cases/case.mappers';",
        errors: [{ messageId: 'internals' }],
      },
      {
        filename: src('processes/a.ts'),
        code: "import { X } from '../cases/submissions/submission-checks';",
        options: [{ exceptions: [{ from: ['processes/'], to: ['cases/submissions/priority'], because: 'test' }] }],
        errors: [{ messageId: 'internals' }],
      },
    ],
  });
});
