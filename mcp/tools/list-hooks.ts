// `list_hooks`: the hooks menu (GET /hooks).
import { z } from 'zod';
import { getHooks } from '../../api/handlers/hooks.js';
import { hooksResponse } from '../../schemas/api/hooks.js';
import { defineTool } from '../tool.js';

export const listHooks = defineTool({
  name: 'list_hooks',
  title: 'Hooks menu',
  description: 'The hooks a launch can fix (only live ids are taken), and whether this network takes launches with hooks.',
  kind: 'read',
  input: z.strictObject({}),
  output: hooksResponse,
  run: async (deps) => getHooks(deps.api),
});
