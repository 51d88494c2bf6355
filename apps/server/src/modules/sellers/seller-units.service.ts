import { maskTel } from '@chepai/shared';
import type { AppContext } from '../../context';
import { AppError, notFound, unauthorized } from '../../http/errors';
import type { SessionUser } from '../accounts/sessions';
import { sellerInfo } from './seller-login.service';
import { sellersRepo, type UnitRow } from './sellers.repo';

export const CHOOSE_UNIT = '请先选择要进入的处置单位';
export const NOT_A_MEMBER = '您不属于该处置单位，无法切换';

const toUnit = (u: UnitRow) => ({
  businessUnitId: u.id,
  businessUnitName: u.name,
  orgType: u.org_type,
  creditCode: u.credit_code,
  address: u.address,
});

/** Which business units a seller belongs to and which one their session acts for. */
export function sellerUnitsService(ctx: AppContext) {
  const repo = sellersRepo(ctx.dbh.db);
  const sellerOf = async (user: SessionUser) => {
    const seller = await repo.byId(user.id);
    if (!seller) throw unauthorized();
    return seller;
  };

  const service = {
    async infoAll(user: SessionUser) {
      const [seller, units, session] = await Promise.all([
        sellerOf(user),
        repo.unitsOf(user.id),
        repo.sellerSession(user.sessionId),
      ]);
      const current = units.find((u) => u.id === session?.seller_org_id) ?? null;
      return {
        seller: {
          userId: seller.id,
          sellerName: seller.real_name,
          tel: seller.phone ? maskTel(seller.phone) : '',
        },
        units: units.map(toUnit),
        current: current?.id ?? null,
      };
    },

    /** The seller's user info for this session, as the login callback returns it (user/info for a seller token). */
    async userInfo(user: SessionUser) {
      const [seller, units, session] = await Promise.all([
        sellerOf(user),
        repo.unitsOf(user.id),
        repo.sellerSession(user.sessionId),
      ]);
      const current = units.find((u) => u.id === session?.seller_org_id) ?? null;
      return sellerInfo(seller, current, units.length);
    },

    /** The session acts for another of the seller's units; a unit they do not belong to changes nothing. */
    async switchUnit(user: SessionUser, unitId: string) {
      const seller = await sellerOf(user);
      const unit = await repo.unitOf(user.id, unitId);
      if (!unit) throw notFound(NOT_A_MEMBER);
      await repo.setSessionUnit(user.sessionId, unit.id);
      const count = (await repo.unitsOf(user.id)).length;
      return sellerInfo(seller, unit, count);
    },

    /**
     * The unit the current session acts for, still a membership of the seller's (it is checked on
     * every use, so a removed membership takes effect at once).
     */
    async currentUnit(user: SessionUser): Promise<UnitRow> {
      const session = await repo.sellerSession(user.sessionId);
      const unit = session?.seller_org_id ? await repo.unitOf(user.id, session.seller_org_id) : undefined;
      if (!unit) throw new AppError(409, CHOOSE_UNIT);
      return unit;
    },
  };
  return service;
}

export type SellerUnitsService = ReturnType<typeof sellerUnitsService>;
