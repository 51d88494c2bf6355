import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const SLIDES = [
  {
    title: '公务用车 · 阳光处置',
    text: '机关事业单位车辆公开竞价，全程留痕，价高者得',
    to: '/foreshowHall',
    cta: '查看预告',
    tone: 'a',
  },
  {
    title: '融资租赁回收车专场',
    text: '车况检测报告透明可查，保证金未成交全额退还',
    to: '/auctionHall',
    cta: '进入竞价大厅',
    tone: 'b',
  },
  {
    title: '买车先算清楚',
    text: '车型参数对比 + 购车费用计算器，全款、贷款一目了然',
    to: '/carCalculator',
    cta: '开始计算',
    tone: 'c',
  },
];
const INTERVAL_MS = 5000;

/**
 * The home carousel: slides that fade every 5 s, paused while pointed at or focused, and dots to
 * pick one. Hidden slides are inert, so nothing in them takes focus. Plain elements rather than
 * antd's Carousel (react-slick): the banner is the first thing a phone paints
 * (docs/decisions/033-a-first-load-without-antd.md).
 */
export function HomeBanner() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setCurrent((c) => (c + 1) % SLIDES.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <section
      className="home-banner"
      aria-roledescription="carousel"
      aria-label="平台推荐"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {SLIDES.map((s, i) => (
        <div
          key={s.title}
          className={`banner-slide banner-${s.tone}${i === current ? ' current' : ''}`}
          aria-roledescription="slide"
          aria-label={`${i + 1} / ${SLIDES.length}`}
          aria-hidden={i !== current}
          inert={i !== current}
        >
          <div className="container">
            <h2 className="banner-title">{s.title}</h2>
            <p>{s.text}</p>
            <Link to={s.to} className="banner-button">
              {s.cta}
            </Link>
          </div>
        </div>
      ))}
      <div className="banner-dots">
        {SLIDES.map((s, i) => (
          <button
            key={s.title}
            type="button"
            aria-label={`第 ${i + 1} 张：${s.title}`}
            aria-current={i === current}
            className={i === current ? 'current' : undefined}
            onClick={() => setCurrent(i)}
          />
        ))}
      </div>
    </section>
  );
}
