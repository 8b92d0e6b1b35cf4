import type { DiscoveryService } from '@nestjs/core';

/**
 * The instances of every provider marked with a discoverable decorator (`DiscoveryService.createDecorator()`): how
 * a domain registers with the platform without the platform importing it. `isRegistration` keeps the instances
 * that offer what the platform needs (a provider still being built has no instance yet).
 */
export function registeredProviders<T>(
  discovery: DiscoveryService,
  decorator: { KEY: string },
  isRegistration: (instance: Partial<T>) => boolean,
): T[] {
  return discovery
    .getProviders({ metadataKey: decorator.KEY })
    .map((wrapper) => wrapper.instance as Partial<T> | undefined)
    .filter((instance): instance is T => instance !== undefined && instance !== null && isRegistration(instance));
}
