import type { RestRouteDefinition } from '../../lib/definitions/rest-routes';

export interface MatchedResource {
  /** Routes defined on the matched resource path (one per method). */
  readonly routes: readonly RestRouteDefinition[];
  /** The resource path as defined (`/user/subscriptions/{id}`). */
  readonly resource: string;
  /** Path parameters, URL-decoded; empty when the resource has none. */
  readonly pathParameters: Record<string, string>;
}

interface CompiledResource {
  readonly resource: string;
  readonly pattern: RegExp;
  readonly names: string[];
  readonly routes: RestRouteDefinition[];
}

function compile(resource: string): Pick<CompiledResource, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = resource
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(parameter[1]);
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** API Gateway's resource matching: literal segments first, then `{param}`, then `{proxy+}`. */
export function createRouteMatcher(routes: readonly RestRouteDefinition[]): (stagePath: string) => MatchedResource | undefined {
  const byResource = new Map<string, RestRouteDefinition[]>();
  for (const route of routes) byResource.set(route.path, [...(byResource.get(route.path) ?? []), route]);
  const specificity = (resource: string) => (resource.includes('+}') ? 2 : resource.includes('{') ? 1 : 0);
  const compiled: CompiledResource[] = [...byResource.entries()]
    .map(([resource, resourceRoutes]) => ({ resource, routes: resourceRoutes, ...compile(resource) }))
    .sort((a, b) => specificity(a.resource) - specificity(b.resource));

  return (resourcePath) => {
    for (const candidate of compiled) {
      const match = candidate.pattern.exec(resourcePath);
      if (!match) continue;
      const pathParameters = Object.fromEntries(candidate.names.map((name, index) => [name, decode(match[index + 1])]));
      return { routes: candidate.routes, resource: candidate.resource, pathParameters };
    }
    return undefined;
  };
}
