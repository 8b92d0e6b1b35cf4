import type { RouteName } from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { ROUTE_TITLES } from './route-titles';

/** The frame of a named page whose contents are built in a later issue: header and title. */
export function RouteFramePage({ name }: { name: RouteName }) {
  return <PageFrame title={ROUTE_TITLES[name]} />;
}
