import { z } from 'zod';
import { LIMITS } from '../../constants/limits';
import { emailField, optionalText, phoneField } from '../common';
import { endpoint } from '../endpoint';
import { phoneCountryCode } from './phone-country-code';

// Manager escalation requests: the request a manager opens by its token link, and the manager's answer.

export const ManagerRequestShape = z.object({
  token: z.string(),
  submitting_company: z.object({ name: z.string() }),
  receiving_company: z.object({ name: z.string() }),
  document: z.object({ name: z.string() }),
  internal_reference: z.string(),
  vendor_reference: z.string().nullable(),
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  business_impact: z.string(),
  escalation_type: z.string().nullable(),
  notes: z.string().nullable(),
  /** A manager has answered through the link; it takes no further answer (409). */
  answered: z.boolean(),
});
/** The 409 of a second answer to a manager request link. */
export const MANAGER_REQUEST_ANSWERED = 'This escalation request has already been answered.';
export const ManagerResponseShape = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  internal_reference: z.string().nullable(),
  escalation_type: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export const ManagerResponseBody = z.object({
  first_name: z.string().trim().min(1, 'The first name is required.').max(LIMITS.nameMax),
  last_name: z.string().trim().min(1, 'The last name is required.').max(LIMITS.nameMax),
  email: emailField,
  phone: phoneField,
  phone_country_code: phoneCountryCode,
  only_numbers: z.string().max(LIMITS.phoneMax).nullish(),
  internal_reference: optionalText(100, 'The internal reference'),
  escalation_type: optionalText(50, 'The escalation type'),
  update_profile: z.boolean().default(true),
  notes: optionalText(LIMITS.textMax, 'The notes'),
});

export const managerApi = {
  get: endpoint({
    method: 'GET',
    path: 'manager/request/get/:token',
    access: 'public',
    summary: 'A manager escalation request by its token link',
    response: z.object({ request: ManagerRequestShape, responses: z.array(ManagerResponseShape) }),
  }),
  responses: endpoint({
    method: 'GET',
    path: 'manager/request/response/get/:token',
    access: 'public',
    summary: 'Responses to a manager request',
    response: z.object({ responses: z.array(ManagerResponseShape) }),
  }),
  respond: endpoint({
    method: 'POST',
    path: 'manager/request/response/:token',
    access: 'public',
    summary: 'A manager answers an escalation request',
    body: ManagerResponseBody,
    response: z.object({ message: z.string(), response: ManagerResponseShape }),
  }),
} as const;
