/**
 * Factories for integration tests: each call creates its own rows with unique names, so a test builds the world it
 * needs instead of relying on the demo seed's named rows, and tests never collide on one database.
 */
export {
  aCompany,
  aDepartment,
  aSignedInUser,
  aSuperAdmin,
  aUser,
  domainOf,
  FACTORY_PASSWORD,
  signedIn,
} from './accounts';
export type { UserSpec } from './accounts';
export { aCase, aCaseRow, RECEIVER_ENGINEER } from './cases';
export type { CaseRowSpec, CaseSpec } from './cases';
export { aGroup, aGroupDocument } from './groups';
export type { GroupMember, GroupSpec } from './groups';
export { aManagerRequest } from './manager-requests';
export type { ManagerRequestSpec } from './manager-requests';
export { aProcess } from './processes';
export type { ProcessField, ProcessSpec } from './processes';
export { emOf, feedCaughtUp, settle, uniqueName } from './world';
export type { FactoryTarget } from './world';
export { aSandbox } from './sandbox';
export { anOnboardingSession } from './onboarding';
export type { OnboardingSessionSpec } from './onboarding';
