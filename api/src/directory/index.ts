/**
 * What other domains may use of the directory's rules: whether a member may submit to a partner's process (the
 * cases domain checks it again when a case is opened). Everything else in directory/ is the domain's own.
 */
export { maySubmit } from './partner-access';
