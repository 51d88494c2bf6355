import { Button, Carousel } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

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

export function HomeBanner() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  // Fading slides are not cloned, and the hidden ones are inert: no focusable control sits in an
  // aria-hidden slide.
  return (
    <Carousel
      autoplay
      autoplaySpeed={5000}
      effect="fade"
      className="home-banner"
      beforeChange={(_, next) => setCurrent(next)}
    >
      {SLIDES.map((s, i) => (
        <div key={s.title}>
          <div className={`banner-slide banner-${s.tone}`} inert={i !== current}>
            <div className="container">
              <h2 className="banner-title">{s.title}</h2>
              <p>{s.text}</p>
              <Button size="large" type="primary" onClick={() => void navigate(s.to)}>
                {s.cta}
              </Button>
            </div>
          </div>
        </div>
      ))}
    </Carousel>
  );
}
