// Request log lines (issue 21): every request at debug (LOG_LEVEL=debug shows them all), and only
// failed (5xx or errored) and slow requests at info, so the default level is not two lines per request.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.info(line, 'request failed');
    else if (reply.elapsedTime > this.slowMs) reply.log.info(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }
}
