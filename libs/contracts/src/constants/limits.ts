/** Business constants and limits of the product. */
export const LIMITS = {
  searchMinChars: 2,
  searchLogDebounceMs: 1000,
  listReloadDebounceMs: 1000,
  newsPosts: 3,
  phoneMax: 25,
  passwordMin: 8,
  pageSize: 10,
  maxPageSize: 100,
  idleReloadMs: 3_600_000,
  nameMax: 100,
  cityMax: 100,
  emailMax: 254,
  summaryMax: 255,
  textMax: 20_000,
  defaultUploadLimitBytes: 10 * 1024 * 1024,
  customerDataRetentionMonths: 1,
  noteRetentionDays: 30,
  casesThirtyDays: 30,
  escalationRecentDays: 10,
  reportDefaultRangeDays: 30,
  caseReloadAfterUploadMs: 9000,
  usersListFirstDelayMs: 15,
  usersListDelayGrowthAfterPages: 5,
  usersListDelayGrowthMs: 40,
  usersListMaxFailures: 3,
} as const;

export const DEFAULT_PHONE_COUNTRY_CODE = 'US';

/** Password rule: 8+ characters, one upper, one lower, one digit, one of ! $ # %. */
export const PASSWORD_SPECIAL_CHARACTERS = ['!', '$', '#', '%'] as const;
export const PASSWORD_RULES_TEXT = [
  'Minimum 8 characters',
  '1 uppercase character',
  '1 lowercase character',
  '1 numeric character',
  '1 of the characters ! $ # %',
] as const;

/** Keys of browser storage. */
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  level: 'level',
  onboardingToken: 'onboarding_session_token',
  onboardingStep: 'onboarding_step',
  adminToken: 'admin_token',
  afterLoginRoute: 'after_login_route',
  alert: 'alert',
  caseRequestType: 'cases_request_type',
  caseSort: 'cases_sort',
  caseDir: 'cases_dir',
  /** The company landing page (slug) last opened: the signed-out home of the 404 page. */
  companySlug: 'company_slug',
  /** Desktop notifications for watched cases, opted in per browser (the permission is the browser's). */
  browserNotifications: 'browser_notifications',
} as const;

/** Date formats: MM/DD/YY hh:mm a in details and member tables; MMM-DD-YYYY hh:mm a in back-office tables. */
export const DATE_FORMATS = { detail: 'MM/DD/YY hh:mm a', backOffice: 'MMM-DD-YYYY hh:mm a' } as const;
