import { randomBytes } from 'node:crypto';
import { Company, ContactDocument, ManagerRequest, ManagerResponse, User } from '@casebridge/db';
import type { RequiredEntityData } from '@mikro-orm/core';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

export interface ManagerRequestSpec {
  /** The escalating user: a member of the submitting company. */
  from: User;
  /** The receiving company's manager escalation process (its company receives the request). */
  to: ContactDocument;
  /** An answer already given through the link (default: none, the request waits for one). */
  answer?: Partial<RequiredEntityData<ManagerResponse>> & { firstName: string };
  overrides?: Partial<RequiredEntityData<ManagerRequest>>;
}

/**
 * A manager escalation request with its response link (token), written as the escalation form stores one: the
 * submitter's name and address, a unique internal reference. With `answer`, also the receiver's response and the
 * request marked answered.
 */
export async function aManagerRequest(target: FactoryTarget, spec: ManagerRequestSpec): Promise<ManagerRequest> {
  if (!spec.from.company) throw new Error('aManagerRequest: the submitter needs a company');
  const em = emOf(target);
  const document = await em.findOneOrFail(ContactDocument, spec.to.id, { populate: ['company'] });
  const request = em.create(ManagerRequest, {
    token: randomBytes(24).toString('base64url'),
    submitterCompany: em.getReference(Company, spec.from.company.id),
    receiverCompany: document.company,
    document,
    user: em.getReference(User, spec.from.id),
    firstName: spec.from.firstName,
    lastName: spec.from.lastName,
    email: spec.from.email,
    internalReference: uniqueName('escalation').toUpperCase(),
    answeredAt: spec.answer ? new Date() : null,
    ...spec.overrides,
  });
  if (spec.answer) {
    em.create(ManagerResponse, {
      request,
      lastName: 'Receiver',
      email: `${uniqueName('manager')}@receiver.test`,
      ...spec.answer,
    });
  }
  await em.flush();
  await settle(target);
  return request;
}
