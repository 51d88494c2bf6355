import multipart from '@fastify/multipart';
import { files, parseInput } from '@chepai/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { createStorage, type Storage } from '../../platform/storage/storage';
import { currentUser } from '../accounts/auth-check';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { ownerOnly, type ActingUnit, type OperatorOrCounterpartyAccess } from './file-access';
import { contentDisposition } from './file-name';
import { filesService } from './files.service';
import { signedUrls, type Variant } from './signed-url';
import { readUpload } from './upload-request';

const YEAR_SECONDS = 365 * 24 * 3600;

function variantOf(text: string): Variant {
  if (text !== 'original' && text !== 'thumbnail') throw badRequest('文件版本参数不正确');
  return text;
}

/** The upload's fields through its contract (the one place an input check for upload lives). */
// The multipart fields go through the same contract gate as every JSON body (control characters first).
const parseFields = (raw: unknown) => parseInput(files.upload, raw);

export async function registerFiles(
  app: FastifyInstance,
  ctx: AppContext,
  options: { storage?: Storage; access?: OperatorOrCounterpartyAccess; actingUnit?: ActingUnit } = {},
) {
  const key = await ensureSecret(ctx.dbh.db, 'file_url_key', makePepper);
  const urls = signedUrls(key, ctx.now);
  const service = filesService(ctx, {
    storage: options.storage ?? createStorage(ctx.env),
    urls,
    access: options.access ?? ownerOnly,
    ...(options.actingUnit ? { actingUnit: options.actingUnit } : {}),
  });

  // Multipart parsing only in this scope: every other endpoint keeps refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, { preservePath: true });
    // Buyers and sellers upload at the mall's path, operators at the console's (same rules).
    for (const contract of [files.upload, files.consoleUpload])
      scope.post(`/api${contract.path}`, async (request) => {
        await app.checkAuth(request, contract.auth);
        // A body that is not multipart still has its fields checked first, so bad fields get the
        // same messages as on every other endpoint; then it is refused for not being multipart.
        if (!request.isMultipart()) parseFields(request.body ?? {});
        const { fields, file } = await readUpload(request);
        const input = parseFields(fields);
        return ok(await service.upload(currentUser(request), input, file));
      });
  });
  route(app, files.deleteFile, ({ fileId }, { request }) => service.remove(currentUser(request), fileId));
  route(app, files.getUrl, ({ fileId, variant }, { request }) =>
    service.getUrl(currentUser(request), fileId, variant),
  );

  const send = async (
    reply: FastifyReply,
    opened: Awaited<ReturnType<typeof service.open>>,
    cache: string,
  ) => {
    if (opened.size > 0) reply.header('content-length', opened.size);
    return reply
      .header('content-type', opened.contentType)
      .header('content-disposition', contentDisposition('inline', opened.fileName))
      .header('cache-control', cache)
      .send(opened.body);
  };

  type Params = { Params: { id: string; variant: string }; Querystring: Record<string, unknown> };
  // Public files never change under their id: cached for a year by browsers and CDNs.
  app.get<Params>(files.FILE_PATHS.public, async (request, reply) => {
    const id = files.getUrl.input.shape.fileId.parse(request.params.id);
    const opened = await service.open(id, variantOf(request.params.variant), 'public');
    return send(reply, opened, `public, max-age=${YEAR_SECONDS}, immutable`);
  });
  app.get<Params>(files.FILE_PATHS.signed, async (request, reply) => {
    const id = files.getUrl.input.shape.fileId.parse(request.params.id);
    const variant = variantOf(request.params.variant);
    const left = urls.verify(id, variant, request.query.exp, request.query.sig);
    const opened = await service.open(id, variant, 'signed');
    return send(reply, opened, `private, max-age=${left}`);
  });
}
