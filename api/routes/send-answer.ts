// An answer of the answer cache sent as it is: its JSON, already checked by the route's response schema.
import type { FastifyReply } from 'fastify';
import type { Answer } from '../handlers/answer-cache.js';

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
