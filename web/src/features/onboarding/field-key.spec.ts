import { describe, expect, it } from '@jest/globals';
import { OnboardingCompany, OnboardingDocument, OnboardingUser } from '@casebridge/contracts';
import { onboardingFieldKey } from './field-key';

describe('onboardingFieldKey', () => {
  it('drops the company, user and document prefixes', () => {
    expect(onboardingFieldKey('company.name')).toBe('name');
    expect(onboardingFieldKey('company.zipcode')).toBe('zipcode');
    expect(onboardingFieldKey('user.first_name')).toBe('first_name');
    expect(onboardingFieldKey('user.password_confirmation')).toBe('password_confirmation');
    expect(onboardingFieldKey('document.support_hours')).toBe('support_hours');
  });

  it('turns the remaining dots into underscores', () => {
    expect(onboardingFieldKey('agreements.code_of_conduct')).toBe('agreements_code_of_conduct');
    expect(onboardingFieldKey('company.address.line')).toBe('address_line');
    expect(onboardingFieldKey('payment.contract_length')).toBe('payment_contract_length');
  });

  it('keeps plain keys and only strips a leading prefix', () => {
    expect(onboardingFieldKey('name_on_card')).toBe('name_on_card');
    expect(onboardingFieldKey('session_token')).toBe('session_token');
    expect(onboardingFieldKey('companyname')).toBe('companyname');
    expect(onboardingFieldKey('agreements.user.email')).toBe('agreements_user_email');
  });

  it('never maps two contact fields onto the same form field', () => {
    const keys = [
      ...Object.keys(OnboardingCompany.shape).map((field) => `company.${field}`),
      ...Object.keys(OnboardingUser.shape).map((field) => `user.${field}`),
    ];
    const mapped = keys.map(onboardingFieldKey);
    expect(new Set(mapped).size).toBe(keys.length);
    expect(Object.keys(OnboardingDocument.shape).map((field) => onboardingFieldKey(`document.${field}`))).toEqual(
      Object.keys(OnboardingDocument.shape),
    );
  });
});
