import { createHash, randomUUID } from 'node:crypto';
import { fillPath, files } from '@chepai/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import type { Storage } from '../../platform/storage/storage';
import type { SessionUser } from '../accounts/sessions';
import { isOwner, noUnit, type ActingUnit, type OperatorOrCounterpartyAccess } from './file-access';
import { prepareFile } from './file-content';
import { cleanFileName } from './file-name';
import { filesRepo, type FileRow } from './files.repo';
import type { signedUrls, Variant } from './signed-url';

export const GONE = '文件不存在或已删除';

const publicUrl = (id: string, variant: Variant) => fillPath(files.FILE_PATHS.public, { id, variant });

export function filesService(
  ctx: AppContext,
  deps: {
    storage: Storage;
    urls: ReturnType<typeof signedUrls>;
    access: OperatorOrCounterpartyAccess;
    actingUnit?: ActingUnit;
  },
) {
  const repo = filesRepo(ctx.dbh.db);
  const { storage, urls, access } = deps;
  const actingUnit = deps.actingUnit ?? noUnit;

  const toUploaded = (f: FileRow): files.UploadedFile => ({
    id: f.id,
    fileUrl: f.is_private ? '' : publicUrl(f.id, 'original'),
    fileName: f.original_name,
    thumbnailUrl: f.thumb_key && !f.is_private ? publicUrl(f.id, 'thumbnail') : null,
    contentType: f.content_type,
    size: f.size,
    isPrivate: f.is_private,
  });

  const sameUnit = async (user: SessionUser, f: FileRow) =>
    f.owner_unit_id !== null && String(f.owner_unit_id) === (await actingUnit(user));
  const mayRead = async (user: SessionUser, f: FileRow) =>
    !f.is_private || isOwner(user, f) || (await sameUnit(user, f)) || access.mayAlsoRead(user, f);

  return {
    async upload(
      user: SessionUser,
      input: { type: files.FileType; isPrivate: boolean },
      file: { bytes: Buffer; name: string | undefined },
    ): Promise<files.UploadedFile> {
      const prepared = await prepareFile(file.bytes, input.type);
      const unitId = await actingUnit(user);
      const fileName = cleanFileName(file.name, prepared.ext);
      const now = ctx.now();
      // Keys say nothing about the owner or the name; the month only spreads them over folders.
      const key = `${now.toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;
      const thumbKey = prepared.thumbnail ? `${key}-thumb` : null;
      await storage.put(key, prepared.body, prepared.contentType);
      if (thumbKey) await storage.put(thumbKey, prepared.thumbnail!, 'image/webp');
      try {
        const row = await repo.insert({
          owner_id: user.id,
          owner_unit_id: unitId,
          is_private: input.isPrivate,
          type: input.type,
          content_type: prepared.contentType,
          size: prepared.body.length,
          storage_key: key,
          sha256: createHash('sha256').update(prepared.body).digest('hex'),
          thumb_key: thumbKey,
          thumb_size: prepared.thumbnail?.length ?? null,
          width: prepared.width,
          height: prepared.height,
          original_name: fileName,
          created_at: now,
        });
        ctx.log.info({ event: 'file uploaded', fileId: row.id, size: row.size }, 'files');
        return toUploaded(row);
      } catch (e) {
        await Promise.allSettled([storage.delete(key), thumbKey ? storage.delete(thumbKey) : null]);
        throw e;
      }
    },

    async remove(user: SessionUser, fileId: string): Promise<null> {
      const f = await repo.live(fileId);
      if (!f) throw notFound(GONE);
      if (!isOwner(user, f) && !(await access.mayAlsoDelete(user, f)))
        throw forbidden('只能删除自己上传的文件');
      if (!(await repo.markDeleted(f.id, ctx.now()))) throw notFound(GONE);
      // The row stays (who uploaded what); the bytes go, so a deleted private file cannot leak later.
      for (const key of [f.storage_key, f.thumb_key]) {
        if (key)
          await storage
            .delete(key)
            .catch((e: unknown) => ctx.log.warn({ err: e, key }, 'file bytes not removed'));
      }
      return null;
    },

    async getUrl(user: SessionUser, fileId: string, variant: Variant): Promise<string> {
      const f = await repo.live(fileId);
      if (!f || (variant === 'thumbnail' && !f.thumb_key)) throw notFound(GONE);
      if (!(await mayRead(user, f))) throw forbidden('无权查看该文件');
      return f.is_private ? urls.sign(f.id, variant) : publicUrl(f.id, variant);
    },

    /** The bytes behind a public address (private files are not served there) or a verified signed one. */
    async open(fileId: string, variant: Variant, how: 'public' | 'signed') {
      const f = await repo.live(fileId);
      if (!f || (how === 'public' && f.is_private)) throw notFound(GONE);
      const key = variant === 'thumbnail' ? f.thumb_key : f.storage_key;
      const object = key ? await storage.get(key) : null;
      if (!object) throw notFound(GONE);
      return {
        ...object,
        contentType: variant === 'thumbnail' ? 'image/webp' : f.content_type,
        fileName:
          variant === 'thumbnail' ? f.original_name.replace(/\.[^.]+$/, '-thumb.webp') : f.original_name,
      };
    },
  };
}
