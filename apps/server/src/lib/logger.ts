import pino, { type DestinationStream, type Logger } from 'pino';

const SECRET_QUERY = /([?&](?:token|code|password|pwd|authCode|sign)=)[^&#]*/gi;

/** URLs may carry a login token or a code; logs never do. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1***');

/** `destination` lets tests read what would be written. */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.oldPassword',
        '*.code',
        '*.token',
        '*.authCode',
      ],
      censor: '***',
    },
    serializers: {
      req: (req: { method: string; url: string; id?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
