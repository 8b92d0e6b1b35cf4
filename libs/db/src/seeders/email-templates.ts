import type { EmailTemplateSlug } from '@casebridge/contracts';

/**
 * The e-mail templates the product sends, seeded once and then editable by super admins.
 * Bodies are HTML fragments; `{{variable}}` placeholders are filled by the worker (values HTML-escaped).
 * Always available: `{{product}}` (PRODUCT_NAME) and `{{public_url}}` (PUBLIC_URL).
 * `type`: `system` mails are sent by the product itself; `document` mails are chosen per process document
 * as its new-receiving-member template (a manager-type document defaults to `manager-request`).
 */
export interface DefaultEmailTemplate {
  slug: EmailTemplateSlug;
  name: string;
  subject: string;
  body: string;
  type: string;
}

/** Every placeholder the default templates use, with what the producer puts in it. */
export const EMAIL_TEMPLATE_VARIABLES: Record<string, string> = {
  product: 'PRODUCT_NAME (always set by the worker)',
  public_url: 'PUBLIC_URL (always set by the worker)',
  first_name: "recipient's first name",
  link: 'the link the recipient acts on (respond, log in, reset, verify...)',
  approve_link: 'registration approval link',
  reject_link: 'registration rejection link',
  company: "company name (the submitter, the registrant's or the inviting company)",
  receiver: 'receiving company name',
  process: 'process document name',
  case_number: 'case number',
  summary: 'case summary',
  priority: 'case priority (P1, P2 or P3)',
  engineer_name: 'name of the case’s engineer on the submitting side',
  engineer_email: 'e-mail of the case’s engineer on the submitting side',
  engineer_phone: 'phone of the case’s engineer on the submitting side (may be empty)',
  note: 'free text: reason, request or message',
  registrant_name: 'name of the person who registered',
  registrant_email: 'e-mail of the person who registered',
  partner: 'name of a partner company (the missing partner, or the other company of a case)',
  group: 'partner group name',
  status: 'onboarding status, or the status of a case',
  assigned_by: 'name of the user who assigned a case',
  new_email: 'the new e-mail address a user asked for',
  change_type: 'what a company change request is about',
  requester_name: 'name of the user who made the request',
  requester_email: 'e-mail of the user who made the request',
  endpoint_url: 'the address of a webhook endpoint',
  failing_since: 'when every delivery to a webhook endpoint began to fail (UTC)',
  last_error: 'why the last delivery to a webhook endpoint failed',
  entry_count: 'how many unread entries a daily digest lists',
  entries: 'the unread entries of a daily digest, grouped by case, each case with its link (plain text)',
  settings_link: 'the profile page, where a user changes their mail preferences',
};

const button = (variable: string, label: string): string =>
  `<p><a href="{{${variable}}}" class="button">${label}</a></p>`;

export const DEFAULT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    slug: 'new_receiving_member',
    name: 'New case for a receiving member',
    type: 'document',
    subject: '[{{product}}] New {{priority}} case {{case_number}} from {{company}}',
    body: [
      '<p>Hello,</p>',
      '<p>{{company}} has submitted case <strong>{{case_number}}</strong> to your process <strong>{{process}}</strong> through {{product}} connect.</p>',
      '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}<br>' +
        '<strong>Engineer:</strong> {{engineer_name}}, {{engineer_email}} {{engineer_phone}}</p>',
      // A new case is open: it can be accepted or asked about; rejecting comes after an information request.
      '<p>Please review the case and respond (accept it or ask for more information):</p>',
      button('link', 'Respond to the case'),
      '<p>Customer data of a case is kept for one month after submission.</p>',
    ].join('\n'),
  },
  {
    slug: 'manager-request',
    name: 'Manager escalation request',
    type: 'document',
    subject: '[{{product}}] Manager escalation requested for case {{case_number}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{company}} asks for a manager to manager escalation on case <strong>{{case_number}}</strong>.</p>',
      '<p><strong>Summary:</strong> {{summary}}</p>',
      '<p>{{note}}</p>',
      button('link', 'Respond as manager'),
    ].join('\n'),
  },
  {
    slug: 'information-requested',
    name: 'Information requested',
    type: 'system',
    subject: '[{{product}}] More information needed for case {{case_number}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{receiver}} needs more information before working on case <strong>{{case_number}}</strong> ({{summary}}).</p>',
      '<p><strong>Their request:</strong> {{note}}</p>',
      button('link', 'Provide the information'),
    ].join('\n'),
  },
  {
    slug: 'information-supplied',
    name: 'Information supplied',
    type: 'system',
    subject: '[{{product}}] Information supplied for case {{case_number}}',
    body: [
      '<p>Hello,</p>',
      '<p>{{company}} has supplied the information you asked for on case <strong>{{case_number}}</strong> ({{summary}}).</p>',
      '<p>{{note}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-accepted',
    name: 'Case accepted',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} accepted by {{receiver}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{receiver}} has accepted case <strong>{{case_number}}</strong> ({{summary}}) and is now working on it.</p>',
      '<p>{{note}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-rejected',
    name: 'Case rejected',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} rejected by {{receiver}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{receiver}} has rejected case <strong>{{case_number}}</strong> ({{summary}}).</p>',
      '<p><strong>Reason:</strong> {{note}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-closed',
    name: 'Case closed',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} closed',
    body: [
      '<p>Hello,</p>',
      '<p>Case <strong>{{case_number}}</strong> ({{summary}}) between {{company}} and {{receiver}} has been closed.</p>',
      '<p>{{note}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-late',
    name: 'Case response overdue',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} is waiting for a response',
    body: [
      '<p>Hello,</p>',
      '<p>Case <strong>{{case_number}}</strong> ({{summary}}) submitted by {{company}} has not been answered within the agreed time.</p>',
      '<p>Please accept it, reject it or ask for more information.</p>',
      button('link', 'Respond to the case'),
    ].join('\n'),
  },
  {
    slug: 'login-link',
    name: 'Login link',
    type: 'system',
    subject: 'Your {{product}} login link',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Use the button below to log in to {{product}} for {{company}}. The link can be used once and expires soon.</p>',
      button('link', 'Log In'),
      '<p>If you did not ask for this link, you can ignore this e-mail.</p>',
    ].join('\n'),
  },
  {
    slug: 'password-reset',
    name: 'Password reset',
    type: 'system',
    subject: 'Reset your {{product}} password',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>We received a request to reset the password of your {{product}} account.</p>',
      button('link', 'Reset Password'),
      '<p>The link expires soon. If you did not ask for a new password, you can ignore this e-mail; your password stays unchanged.</p>',
    ].join('\n'),
  },
  {
    slug: 'account-verification',
    name: 'Account verification',
    type: 'system',
    subject: 'Verify your {{product}} account',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Thank you for registering with {{product}} for {{company}}. Please confirm your e-mail address:</p>',
      button('link', 'Verify Account'),
      '<p>If you did not register, you can ignore this e-mail.</p>',
    ].join('\n'),
  },
  {
    slug: 'email-change-confirm',
    name: 'E-mail change confirmation',
    type: 'system',
    subject: 'Confirm your new {{product}} e-mail address',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>You asked to sign in to {{product}} with {{new_email}} from now on. Please confirm this address:</p>',
      button('link', 'Confirm E-mail Address'),
      '<p>Until you open the link your e-mail address stays as it is. If you did not ask for this, ignore this e-mail.</p>',
    ].join('\n'),
  },
  {
    slug: 'email-change-notice',
    name: 'E-mail change notice (old address)',
    type: 'system',
    subject: 'Your {{product}} e-mail address is about to change',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Someone signed in to your {{product}} account asked to change its e-mail address to {{new_email}}. It changes only when the link sent to that address is opened.</p>',
      '<p>If this was not you, change your password now and tell your company administrator.</p>',
      button('link', 'Open {{product}}'),
    ].join('\n'),
  },
  {
    slug: 'registration-approval-request',
    name: 'Registration approval request',
    type: 'system',
    subject: '[{{product}}] {{registrant_name}} asks to join {{company}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p><strong>{{registrant_name}}</strong> ({{registrant_email}}) has registered for {{company}} on {{product}} and is waiting for your approval.</p>',
      '<p><a href="{{approve_link}}" class="button">Approve</a> &nbsp; <a href="{{reject_link}}" class="button secondary">Reject</a></p>',
      '<p>You can also review pending registrations in the company administration.</p>',
    ].join('\n'),
  },
  {
    slug: 'registration-approved',
    name: 'Registration approved',
    type: 'system',
    subject: 'Your {{product}} account is approved',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Your registration for {{company}} on {{product}} has been approved. You can log in now.</p>',
      button('link', 'Log In'),
    ].join('\n'),
  },
  {
    slug: 'registration-rejected',
    name: 'Registration rejected',
    type: 'system',
    subject: 'Your {{product}} registration',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Your registration for {{company}} on {{product}} was not approved.</p>',
      '<p>{{note}}</p>',
      '<p>If you think this is a mistake, please contact your company administrator or membership support.</p>',
    ].join('\n'),
  },
  {
    slug: 'collaborate-invite',
    name: 'Invitation to collaborate',
    type: 'system',
    subject: '{{company}} invites you to {{product}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{company}} would like to collaborate with you on technical support cases through {{product}}, the network where members hand over and solve multi-vendor cases together.</p>',
      '<p>{{note}}</p>',
      button('link', 'Join {{product}}'),
    ].join('\n'),
  },
  {
    slug: 'missing-partner',
    name: 'Missing partner report',
    type: 'system',
    subject: '[{{product}}] Missing partner reported by {{company}}',
    body: [
      '<p>Hello,</p>',
      '<p>{{first_name}} of {{company}} could not find a partner on {{product}} and asks the membership team to reach out.</p>',
      '<p><strong>Partner:</strong> {{partner}}</p>',
      '<p>{{note}}</p>',
    ].join('\n'),
  },
  {
    slug: 'change-request',
    name: 'Company change request',
    type: 'system',
    subject: '[{{product}}] Change request from {{company}}: {{change_type}}',
    body: [
      '<p>Hello,</p>',
      '<p>{{requester_name}} ({{requester_email}}) of {{company}} asks the membership team for a change only membership can make.</p>',
      '<p><strong>Type:</strong> {{change_type}}</p>',
      '<p style="white-space: pre-line"><strong>Changes:</strong> {{note}}</p>',
      '<p>The requester was told it takes 24-48 hours. Mark the request done on the company page once it is made:</p>',
      button('link', 'Open the company'),
    ].join('\n'),
  },
  {
    slug: 'webhook-disabled',
    name: 'Webhook endpoint disabled',
    type: 'system',
    subject: '[{{product}}] Webhook endpoint disabled: {{endpoint_url}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Every delivery to the webhook endpoint <strong>{{endpoint_url}}</strong> of {{company}} has failed since {{failing_since}}, so {{product}} has switched it off and sends it nothing more.</p>',
      '<p><strong>Last error:</strong> {{last_error}}</p>',
      '<p>Once the receiver works again, enable the endpoint on the Integrations page. The deliveries it missed can be sent again there, and every case event is in the change feed.</p>',
      button('link', 'Open Integrations'),
    ].join('\n'),
  },
  {
    slug: 'case-receipt',
    name: 'Case sent (receipt to the submitter)',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} sent to {{receiver}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Your case <strong>{{case_number}}</strong> reached {{receiver}} ({{process}}); they have been mailed and asked to respond.</p>',
      '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-assigned',
    name: 'Case assigned to you',
    type: 'system',
    subject: '[{{product}}] Case {{case_number}} is assigned to you',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>{{assigned_by}} assigned case <strong>{{case_number}}</strong> ({{partner}}) to you.</p>',
      '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}<br><strong>Status:</strong> {{status}}</p>',
      button('link', 'Open the case'),
    ].join('\n'),
  },
  {
    slug: 'case-digest',
    name: 'Daily digest',
    type: 'system',
    subject: '[{{product}}] Your daily digest: {{entry_count}} unread',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>These {{entry_count}} entries on cases you watch are waiting for you:</p>',
      '<div style="white-space: pre-line">{{entries}}</div>',
      button('link', 'Open My Cases'),
      '<p>You chose to get these by daily digest. <a href="{{settings_link}}">Change your mail preferences</a>.</p>',
    ].join('\n'),
  },
  {
    slug: 'onboarding-status',
    name: 'Onboarding status',
    type: 'system',
    subject: '[{{product}}] Your {{group}} application: {{status}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>The status of the application of {{company}} to {{group}} is now <strong>{{status}}</strong>.</p>',
      '<p>{{note}}</p>',
      button('link', 'Open {{product}}'),
    ].join('\n'),
  },
  {
    slug: 'onboarding-saved',
    name: 'Onboarding saved for later',
    type: 'system',
    subject: '[{{product}}] Finish your {{group}} application',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Your application to {{group}} has been saved. Open the link below to continue where you left off.</p>',
      button('link', 'Continue my application'),
      '<p>Keep this mail: the link is the only way back to your saved application.</p>',
    ].join('\n'),
  },
  {
    slug: 'onboarding-received',
    name: 'Onboarding request received',
    type: 'system',
    subject: '[{{product}}] We received the {{group}} application of {{company}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Thank you: the application of {{company}} to {{group}} has been sent for review.</p>',
      '<p>You will receive a status e-mail once it has been reviewed.</p>',
      button('link', 'Registration status'),
    ].join('\n'),
  },
  {
    slug: 'onboarding-approved',
    name: 'Onboarding approved',
    type: 'system',
    subject: '[{{product}}] {{company}} is now a member of {{group}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Good news: the application of {{company}} to {{group}} has been approved. {{company}} is now part of {{product}} connect.</p>',
      '<p>Sign in with the e-mail address and password you chose when you applied.</p>',
      button('link', 'Sign in to {{product}}'),
    ].join('\n'),
  },
  {
    slug: 'onboarding-rejected',
    name: 'Onboarding rejected',
    type: 'system',
    subject: '[{{product}}] Your {{group}} application',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>We are sorry: the application of {{company}} to {{group}} was not approved.</p>',
      '<p>Please contact the group host if you have questions.</p>',
      button('link', 'Registration status'),
    ].join('\n'),
  },
];
