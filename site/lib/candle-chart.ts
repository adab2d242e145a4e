// A coin's candles drawn with lightweight-charts: candlesticks over a volume histogram, in the API's units (price in
// quote tokens per whole coin, volume in whole quote tokens). The chart only shows numbers; the exact figures stay the
// API's strings. `update` takes the stream's latest candle of the shown interval.
import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '../../schemas/api/ohlcv.js';

/** Powers of ten of the chart's plotted prices: a coin's price may be 10^-8 SOL, far below the library's smallest
 * price step, so prices are plotted times 10^shift (in the hundreds) and labelled divided back. */
function shiftFor(price: number): number {
  return price > 0 ? 2 - Math.floor(Math.log10(price)) : 0;
}

export class CandleChart {
  private readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private shift = 0;

  constructor(
    container: HTMLElement,
    private readonly quoteDecimals: number,
  ) {
    this.chart = createChart(container, {
      autoSize: true,
      layout: { background: { color: '#10131a' }, textColor: '#c9d1d9', attributionLogo: false },
      grid: { vertLines: { color: '#1d2330' }, horzLines: { color: '#1d2330' } },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    this.candles = this.chart.addSeries(CandlestickSeries, {
      upColor: '#3fb950',
      downColor: '#f85149',
      wickUpColor: '#3fb950',
      wickDownColor: '#f85149',
      borderVisible: false,
    });
    this.volume = this.chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume', color: '#30415d' });
    this.chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    this.candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
  }

  private point(candle: Candle) {
    const time = (Date.parse(candle.time) / 1000) as UTCTimestamp;
    const plotted = (price: string) => Number(price) * 10 ** this.shift;
    const open = plotted(candle.open);
    const close = plotted(candle.close);
    return {
      bar: { time, open, high: plotted(candle.high), low: plotted(candle.low), close },
      volume: { time, value: Number(candle.volume) / 10 ** this.quoteDecimals, color: close >= open ? '#1f4d2c' : '#5c2226' },
    };
  }

  /** Plot prices times 10^shift, labelled with 4 significant digits of the real price. */
  private useShift(shift: number): void {
    this.shift = shift;
    const digits = Math.max(0, shift + 1);
    this.candles.applyOptions({
      priceFormat: { type: 'custom', minMove: 0.01, formatter: (plotted: number) => (plotted / 10 ** shift).toFixed(digits) },
    });
  }

  set(candles: Candle[]): void {
    const last = candles.at(-1);
    this.useShift(last === undefined ? 0 : shiftFor(Number(last.close)));
    const points = candles.map((candle) => this.point(candle));
    this.candles.setData(points.map((p) => p.bar));
    this.volume.setData(points.map((p) => p.volume));
    this.chart.timeScale().fitContent();
  }

  update(candle: Candle): void {
    const { bar, volume } = this.point(candle);
    this.candles.update(bar);
    this.volume.update(volume);
  }
}
