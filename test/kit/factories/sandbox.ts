import { createSandboxPartner, type SandboxPartner } from '@casebridge/db';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

/**
 * A sandbox partner of its own (contracts/sandbox.ts), built as the demo seed builds the "Casebridge Sandbox": the
 * company (isSandbox), its department, its engineer and its process, open to every full member. Cases sent to it are
 * test cases, and a running worker answers them by the words of their summary.
 */
export async function aSandbox(target: FactoryTarget): Promise<SandboxPartner> {
  const slug = uniqueName('sandbox');
  const partner = await createSandboxPartner(emOf(target), {
    name: `Sandbox ${slug}`,
    slug,
    domain: `${slug}.test`,
  });
  await settle(target);
  return partner;
}
