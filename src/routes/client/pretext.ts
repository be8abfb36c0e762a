import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { clientAuth } from '../../auth/client-auth.js';
import { parseInput } from '../../http/client-errors.js';
import { pretextFor } from '../../vault/pretext.js';

const querySchema = z.object({
  labels: z
    .string()
    .max(2000)
    .optional()
    .transform((s) => [
      ...new Set(
        (s ?? '')
          .split(',')
          .map((l) => l.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be labels like NAME,EMAIL')).max(50)),
});

export const pretextRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/v1/client/pretext',
    { preHandler: clientAuth(services, { scope: 'tokenize' }) },
    async (request) => {
      const { labels } = parseInput(querySchema, request.query);
      return { pretext: pretextFor(labels), labels };
    },
  );
};
