// Arguments of the launch tools whose body is checked by its handler, as on the HTTP route, so one answer lists every
// problem at once: anything is taken, and tools/list describes the body's own schema.
import { z } from 'zod';

/** The tool takes the route's body as its arguments. */
export const bodyArguments = z.looseObject({});

/** The tool takes the route's body as its `launch` argument. */
export const launchArgument = z.strictObject({ launch: z.unknown() });
