import { routePath, type MailJob } from '@casebridge/contracts';
import type { Case, CaseResponse } from '@casebridge/db';

/**
 * The mails of a case's life, each to the side that must act next and with the link it needs.
 * Needs the case's submitterCompany, receiverCompany and documentVersion loaded. Dedupe keys are per response
 * (or per case for closing, which happens once), so a retried request never mails twice.
 */

/** Where the receiving process wants its case mail: the process's collaborate address and cc list. */
export function receiverAddresses(kase: Case, fallback: string | null = null): { to: string[]; cc: string[] } {
  const version = kase.documentVersion;
  const to = version.collaborateEmail ?? fallback;
  const cc = (version.collaborateCcEmail ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address && address !== to);
  return { to: to ? [to] : [], cc };
}

function common(kase: Case): Record<string, string> {
  return {
    case_number: kase.internalCaseNumber,
    summary: kase.summary,
    company: kase.submitterCompany.name,
    receiver: kase.receiverCompany.name,
  };
}

export const caseMails = {
  informationRequested(kase: Case, response: CaseResponse, publicUrl: string): MailJob {
    return {
      template: 'information-requested',
      to: [kase.engineerEmail],
      variables: {
        ...common(kase),
        first_name: kase.engineerFirstName,
        note: response.nextSteps ?? '',
        link: publicUrl + routePath('case-provide-information', { token: kase.token }),
      },
      dedupeKey: `case-information-requested-${response.id}`,
    };
  },

  /** To the receiving process (or, without a collaborate address, the engineer who asked). */
  informationSupplied(kase: Case, response: CaseResponse, askedBy: string | null, publicUrl: string): MailJob | null {
    const { to, cc } = receiverAddresses(kase, askedBy);
    if (to.length === 0) return null;
    return {
      template: 'information-supplied',
      to,
      cc,
      variables: {
        ...common(kase),
        note: response.additionalInformation ?? '',
        link: publicUrl + routePath('case-response', { token: kase.token }),
      },
      dedupeKey: `case-information-supplied-${response.id}`,
    };
  },

  accepted(kase: Case, response: CaseResponse, publicUrl: string): MailJob {
    return finalAnswerToSubmitter('case-accepted', kase, response, publicUrl);
  },

  rejected(kase: Case, response: CaseResponse, publicUrl: string): MailJob {
    return finalAnswerToSubmitter('case-rejected', kase, response, publicUrl);
  },

  /** To the receiving process; its assigned engineer is copied. */
  closed(kase: Case, closedBy: string, publicUrl: string): MailJob | null {
    const { to, cc } = receiverAddresses(kase, kase.receiverEngineerEmail);
    if (to.length === 0) return null;
    const engineer = kase.receiverEngineerEmail;
    return {
      template: 'case-closed',
      to,
      cc: engineer && !to.includes(engineer) && !cc.includes(engineer) ? [...cc, engineer] : cc,
      variables: {
        ...common(kase),
        note: `Closed by ${closedBy} of ${kase.submitterCompany.name}.`,
        link: publicUrl + routePath('case-info', { token: kase.token }),
      },
      dedupeKey: `case-closed-${kase.id}`,
    };
  },
};

/** Acceptance and rejection tell the submitting engineer, with the receiver's next steps and the case link. */
function finalAnswerToSubmitter(
  template: 'case-accepted' | 'case-rejected',
  kase: Case,
  response: CaseResponse,
  publicUrl: string,
): MailJob {
  return {
    template,
    to: [kase.engineerEmail],
    variables: {
      ...common(kase),
      first_name: kase.engineerFirstName,
      note: response.nextSteps ?? '',
      link: publicUrl + routePath('case-info', { token: kase.token }),
    },
    dedupeKey: `${template}-${response.id}`,
  };
}
