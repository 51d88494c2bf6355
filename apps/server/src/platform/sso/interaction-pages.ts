/**
 * The embedded identity provider's pages: login, consent and messages, in Chinese and in the
 * mall's look. Plain HTML forms without scripts (the pages are served under the site's CSP).
 */
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#f5f6f8 linear-gradient(160deg,#fff4ef 0,#f5f6f8 45%);font:14px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2329;display:flex;flex-direction:column;align-items:center;padding:56px 16px}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:24px;color:#1f2329;text-decoration:none}
.mark{width:40px;height:40px;border-radius:8px;background:#e8491d;color:#fff;font-size:22px;font-weight:700;display:flex;align-items:center;justify-content:center}
.brand b{font-size:20px;display:block}.brand small{color:#86909c;font-size:12px}
.card{width:100%;max-width:400px;background:#fff;border-radius:8px;box-shadow:0 6px 24px rgba(31,35,41,.08);padding:32px}
h1{font-size:20px;margin:0 0 6px}p.sub{color:#86909c;margin:0 0 24px}
label{display:block;margin:0 0 6px;color:#4e5969}
input{width:100%;height:40px;border:1px solid #d9d9d9;border-radius:6px;padding:0 12px;font:inherit;margin-bottom:18px;outline:none}
input:focus{border-color:#e8491d;box-shadow:0 0 0 2px rgba(232,73,29,.12)}
button,.btn{display:block;width:100%;height:40px;border:0;border-radius:6px;background:#e8491d;color:#fff;font:inherit;font-size:15px;cursor:pointer;text-align:center;line-height:40px;text-decoration:none}
button:hover{background:#d43f15}.btn.ghost{background:#fff;color:#4e5969;border:1px solid #d9d9d9;margin-top:12px}
.error{background:#fff1f0;border:1px solid #ffccc7;color:#cf1322;border-radius:6px;padding:8px 12px;margin-bottom:18px}
ul.scopes{padding-left:20px;margin:0 0 24px}.foot{margin-top:24px;color:#86909c;font-size:12px;text-align:center}
`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} - 统一身份认证</title><style>${STYLE}</style></head><body>
<div class="brand"><span class="mark">拍</span><span><b>车拍商城</b><small>处置单位统一身份认证</small></span></div>
<main class="card">${body}</main>
<div class="foot">本页面由车拍商城统一身份认证服务提供</div>
</body></html>`;
}

export function loginPage(uid: string, clientName: string, error?: string, username = '') {
  return page(
    '登录',
    `<h1>处置单位统一认证登录</h1><p class="sub">登录后将返回${escape(clientName)}</p>
${error ? `<div class="error" role="alert">${escape(error)}</div>` : ''}
<form method="post" action="/oidc/interaction/${escape(uid)}/login" autocomplete="on">
<label for="username">用户名</label><input id="username" name="username" value="${escape(username)}" placeholder="请输入用户名" autocomplete="username" required maxlength="64" autofocus>
<label for="password">密码</label><input id="password" name="password" type="password" placeholder="请输入密码" autocomplete="current-password" required maxlength="64">
<button type="submit">登录</button>
</form>
<a class="btn ghost" href="/oidc/interaction/${escape(uid)}/abort">取消</a>`,
  );
}

const SCOPE_TEXT: Record<string, string> = {
  openid: '确认您的身份',
  profile: '读取您的姓名',
  phone: '读取您的手机号（用于接收验证码）',
};

export function consentPage(uid: string, clientName: string, accountName: string, scopes: string[]) {
  const items = scopes.map((s) => `<li>${escape(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  return page(
    '授权',
    `<h1>授权${escape(clientName)}</h1><p class="sub">${escape(accountName)}，${escape(clientName)}请求以下权限：</p>
<ul class="scopes">${items}</ul>
<form method="post" action="/oidc/interaction/${escape(uid)}/confirm"><button type="submit">同意并继续</button></form>
<a class="btn ghost" href="/oidc/interaction/${escape(uid)}/abort">拒绝</a>`,
  );
}

export function messagePage(title: string, message: string, homeUrl: string) {
  return page(
    title,
    `<h1>${escape(title)}</h1><p class="sub">${escape(message)}</p><a class="btn" href="${escape(homeUrl)}">返回车拍商城</a>`,
  );
}

/** The form oidc-provider hands over for RP-initiated logout, submitted by the user. */
export function logoutPage(form: string, homeUrl: string) {
  return page(
    '退出登录',
    `<h1>退出统一身份认证</h1><p class="sub">是否同时退出统一身份认证？退出后再次进入需重新输入密码。</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>确认退出</button>
<a class="btn ghost" href="${escape(homeUrl)}">暂不退出，返回商城</a>`,
  );
}
