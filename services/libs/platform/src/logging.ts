import { LoggerModule } from 'nestjs-pino';

/** Structured JSON logs (one object a line) named after the process. */
export function loggingModule(name: string, level = process.env.LOG_LEVEL || 'info') {
  return LoggerModule.forRoot({
    pinoHttp: {
      name,
      level,
      // Health probes would drown everything else.
      autoLogging: { ignore: (req) => ['/livez', '/readyz', '/health', '/api/health'].includes(req.url?.split('?')[0] ?? '') },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
}
