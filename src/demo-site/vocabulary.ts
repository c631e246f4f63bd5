/**
 * Word pools for the generated shop and news content. Only characters that GBK can encode
 * are used (no "¥", "©", "•"), because shop pages and Chinese articles are served in GBK.
 */

export interface LeafSpec {
  name: string;
  /** The noun that ends a product name, e.g. "手机". */
  noun: string;
  /** Inclusive list-price range in yuan. */
  price: [number, number];
  /** Attributes for this leaf when the top-level ones do not fit (e.g. a phone case has no 内存). */
  attributes?: Record<string, string[]>;
}
export interface SubSpec { name: string; leaves: LeafSpec[] }
export interface TopSpec {
  name: string;
  brands: string[];
  /** Attribute name → possible values (rendered in the attributes table). */
  attributes: Record<string, string[]>;
  subs: SubSpec[];
}

const leaf = (name: string, price: [number, number], noun = name, attributes?: Record<string, string[]>): LeafSpec => ({ name, noun, price, attributes });
const COLOURS = ['黑色', '白色', '蓝色', '灰色'];

export const CATEGORY_TREE: TopSpec[] = [
  {
    name: '手机数码',
    brands: ['华为', '小米', 'OPPO', 'vivo', '荣耀', '一加', '魅族', 'realme'],
    attributes: { 颜色: ['曜石黑', '雅川青', '冰霜银', '星河蓝', '樱语粉'], 内存: ['8GB+128GB', '8GB+256GB', '12GB+256GB', '12GB+512GB', '16GB+1TB'], 产地: ['中国大陆', '广东东莞', '广东深圳'] },
    subs: [
      { name: '手机通讯', leaves: [leaf('手机', [999, 8999]), leaf('老人机', [99, 399], '老人手机', { 颜色: ['黑色', '红色', '金色'], 屏幕尺寸: ['2.4英寸', '2.8英寸'], 电池容量: ['1800mAh', '2500mAh'] }), leaf('对讲机', [129, 899], '对讲机', { 颜色: ['黑色'], 通话距离: ['3-5公里', '5-10公里'], 续航: ['48小时', '72小时'] })] },
      { name: '数码配件', leaves: [leaf('充电器', [29, 199], '快充充电器', { 颜色: ['白色', '黑色'], 输出功率: ['20W', '33W', '65W', '100W'], 接口: ['USB-C', 'USB-A+USB-C'] }), leaf('数据线', [9, 89], '数据线', { 颜色: COLOURS, 长度: ['1m', '1.5m', '2m'], 接口: ['Type-C', 'Lightning', 'Micro USB'] }), leaf('移动电源', [59, 399], '充电宝', { 颜色: COLOURS, 容量: ['10000mAh', '20000mAh'], 输出功率: ['22.5W', '65W'] }), leaf('手机壳', [9, 129], '手机壳', { 颜色: ['透明', '黑色', '磨砂蓝'], 材质: ['硅胶', 'TPU', '真皮'], 适用机型: ['iPhone 15', 'Mate 60', '小米14'] })] },
      { name: '摄影摄像', leaves: [leaf('数码相机', [1299, 15999], '数码相机', { 颜色: ['黑色', '银色'], 有效像素: ['2010万', '2420万', '4500万'], 套餐: ['单机身', '标准套餐', '旅行套餐'] }), leaf('微单相机', [3999, 25999], '微单相机', { 颜色: ['黑色', '银色'], 有效像素: ['2420万', '3300万', '6100万'], 套餐: ['单机身', '18-55mm套机'] }), leaf('运动相机', [999, 3999], '运动相机', { 颜色: ['黑色'], 视频分辨率: ['4K/60fps', '5.3K/60fps'], 防水深度: ['10米', '18米'] })] },
    ],
  },
  {
    name: '电脑办公',
    brands: ['联想', '戴尔', '惠普', '华硕', '宏碁', '机械革命', '雷神', '罗技'],
    attributes: { 颜色: ['深空灰', '皓月银', '暗夜黑'], 处理器: ['i5-13500H', 'i7-13700H', 'R7-7840H', 'R9-7945HX'], 内存: ['16GB', '32GB', '64GB'], 硬盘: ['512GB SSD', '1TB SSD', '2TB SSD'] },
    subs: [
      { name: '电脑整机', leaves: [leaf('笔记本', [2999, 15999], '笔记本电脑'), leaf('台式机', [2499, 12999], '台式电脑'), leaf('平板电脑', [999, 6999])] },
      { name: '外设产品', leaves: [leaf('鼠标', [39, 699], '无线鼠标', { 颜色: COLOURS, 连接方式: ['无线2.4G', '蓝牙', '有线'], DPI: ['1600', '4000', '26000'] }), leaf('键盘', [69, 1299], '机械键盘', { 颜色: COLOURS, 轴体: ['红轴', '青轴', '茶轴'], 键数: ['87键', '104键'] }), leaf('显示器', [699, 4999], '显示器', { 屏幕尺寸: ['24英寸', '27英寸', '32英寸'], 分辨率: ['1920x1080', '2560x1440', '3840x2160'], 刷新率: ['75Hz', '144Hz', '165Hz'] })] },
      { name: '存储设备', leaves: [leaf('移动硬盘', [299, 1599], '移动硬盘', { 颜色: COLOURS, 容量: ['1TB', '2TB', '4TB'], 接口: ['USB 3.0', 'Type-C'] }), leaf('U盘', [19, 299], 'U盘', { 颜色: COLOURS, 容量: ['64GB', '128GB', '256GB'], 接口: ['USB 3.2', 'Type-C'] })] },
    ],
  },
  {
    name: '家用电器',
    brands: ['海尔', '美的', '格力', '海信', 'TCL', '西门子', '松下', '九阳'],
    attributes: { 颜色: ['白色', '银色', '香槟金', '玄武灰'], 能效等级: ['一级能效', '二级能效', '三级能效'], 功率: ['800W', '1200W', '2000W'] },
    subs: [
      { name: '大家电', leaves: [leaf('平板电视', [1299, 12999], '液晶电视', { 屏幕尺寸: ['55英寸', '65英寸', '75英寸', '85英寸'], 分辨率: ['4K超高清', '8K'], 能效等级: ['一级能效', '二级能效'] }), leaf('冰箱', [1599, 9999], '冰箱', { 颜色: ['白色', '银色', '玄武灰'], 总容积: ['215L', '405L', '540L'], 能效等级: ['一级能效', '二级能效'] }), leaf('洗衣机', [999, 6999], '滚筒洗衣机', { 颜色: ['白色', '银色'], 洗涤容量: ['8kg', '10kg', '12kg'], 能效等级: ['一级能效', '二级能效'] }), leaf('空调', [1999, 8999], '空调挂机', { 颜色: ['白色'], 匹数: ['1匹', '1.5匹', '3匹'], 能效等级: ['一级能效', '三级能效'] })] },
      { name: '厨房小电', leaves: [leaf('电饭煲', [129, 1299]), leaf('微波炉', [299, 1599]), leaf('豆浆机', [149, 999])] },
    ],
  },
  {
    name: '服饰鞋包',
    brands: ['优衣库', '李宁', '安踏', '波司登', '太平鸟', '森马', '新秀丽', '回力'],
    attributes: { 颜色: ['黑色', '白色', '藏青', '卡其', '酒红'], 尺码: ['S', 'M', 'L', 'XL', 'XXL'], 材质: ['纯棉', '涤纶', '羊毛', '牛皮'] },
    subs: [
      { name: '男装', leaves: [leaf('T恤', [39, 299], '短袖T恤'), leaf('衬衫', [79, 499]), leaf('夹克', [199, 999])] },
      { name: '女装', leaves: [leaf('连衣裙', [99, 899]), leaf('半身裙', [69, 499])] },
      { name: '箱包', leaves: [leaf('双肩包', [89, 999], '双肩包', { 颜色: ['黑色', '灰色', '藏青'], 容量: ['20L', '30L', '40L'], 材质: ['尼龙', '牛津布', '牛皮'] }), leaf('拉杆箱', [199, 2999], '拉杆箱', { 颜色: ['黑色', '银色', '墨绿'], 尺寸: ['20英寸', '24英寸', '28英寸'], 材质: ['PC', '铝镁合金'] })] },
    ],
  },
  {
    name: '食品生鲜',
    brands: ['三只松鼠', '良品铺子', '百草味', '旺旺', '西湖', '雀巢', '瑞幸', '中粮'],
    attributes: { 口味: ['原味', '五香', '蜂蜜黄油', '海盐'], 净含量: ['250g', '500g', '1kg', '礼盒装'], 保质期: ['180天', '270天', '365天'] },
    subs: [
      { name: '休闲食品', leaves: [leaf('坚果炒货', [19, 199], '每日坚果'), leaf('饼干蛋糕', [9, 99], '曲奇饼干')] },
      { name: '茶酒冲饮', leaves: [leaf('茶叶', [39, 999], '绿茶'), leaf('咖啡', [29, 299], '挂耳咖啡')] },
    ],
  },
];

export const MODEL_SUFFIXES = ['Pro', 'Max', 'Plus', 'Lite', 'SE', 'Ultra', '', '', ''];
export const NAME_TAGS = ['【官方正品】', '【限时特惠】', '【新品上市】', '', '', '', ''];

export const SHOP_SUFFIXES = ['官方旗舰店', '自营旗舰店', '专卖店', '品牌直营店', '旗舰店'];
/** Multi-brand stores and the top-level categories (indexes into CATEGORY_TREE) they sell. */
export const SHOP_GENERIC: Array<{ name: string; tops: number[] }> = [
  { name: '优品生活馆', tops: [3, 4] },
  { name: '京东自营', tops: [0, 1, 2, 3, 4] },
  { name: '天猫超市', tops: [2, 3, 4] },
  { name: '好物优选', tops: [0, 1, 2, 3, 4] },
  { name: '星辰数码', tops: [0, 1] },
  { name: '万家电器城', tops: [2] },
  { name: '悦享百货', tops: [3, 4] },
  { name: '鲜果时光', tops: [4] },
];

export const REVIEW_AUTHORS = ['j***3', '小***子', '快乐的***鱼', 'z***n', '匿名用户', '大***哥', 'm***8', '阳光***宝', 'l***y', '王***明'];
export const REVIEW_GOOD = [
  '物流很快，第二天就到了，包装完好，东西不错。',
  '质量很好，和描述的一致，性价比很高，推荐购买！',
  '用了一周了，整体感觉挺满意的，客服态度也很好。',
  '第二次购买了，一如既往的好，家里人都说好用。',
  '做工精细，手感不错，值这个价格。',
  '颜值很高，功能齐全，送给朋友的礼物，对方很喜欢。',
];
export const REVIEW_BAD = [
  '发货太慢了，等了一个星期，东西还行吧。',
  '和图片有色差，做工一般，不太满意。',
  '用了两天就出问题了，联系客服半天没人回复。',
];

/** Media a portal credits as the source of a story (来源：…). Invented names. */
export const ZH_SOURCES = ['优选资讯', '示例日报', '东方晨报', '北方经济网', '江南都市报', '科技观察网'];

export const ZH_SURNAMES = ['张', '李', '王', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
export const ZH_GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰', '晓明', '建国', '海燕', '志强'];
export const EN_FIRST = ['Jane', 'John', 'Emily', 'Michael', 'Sarah', 'David', 'Laura', 'James', 'Olivia', 'Daniel'];
export const EN_LAST = ['Doe', 'Smith', 'Johnson', 'Brown', 'Miller', 'Wilson', 'Taylor', 'Clark', 'Walker', 'Young'];

export interface Topic { terms: [string, string, string] }

export const ZH_TOPICS: Topic[] = [
  { terms: ['新能源汽车', '动力电池', '充电桩'] },
  { terms: ['人工智能', '大模型', '算力'] },
  { terms: ['半导体', '芯片', '晶圆'] },
  { terms: ['电商平台', '直播带货', '消费者'] },
  { terms: ['光伏', '储能', '碳排放'] },
  { terms: ['数字经济', '数据要素', '云计算'] },
];
export const EN_TOPICS: Topic[] = [
  { terms: ['electric vehicles', 'battery', 'charging stations'] },
  { terms: ['artificial intelligence', 'language models', 'compute'] },
  { terms: ['semiconductors', 'chips', 'foundry'] },
  { terms: ['online retail', 'livestream shopping', 'consumers'] },
  { terms: ['renewable energy', 'solar', 'carbon emissions'] },
  { terms: ['cloud computing', 'data centers', 'cybersecurity'] },
];

export const ZH_CITIES = ['北京', '上海', '深圳', '杭州', '成都', '武汉', '合肥', '苏州', '西安', '广州'];
export const ZH_ORGS = ['国家统计局', '中国信通院', '工信部', '中国汽车工业协会', '某头部券商研究所', '行业协会', '赛迪研究院'];
export const EN_CITIES = ['Shanghai', 'Berlin', 'Austin', 'Seoul', 'London', 'Tokyo', 'Toronto', 'Singapore', 'Paris', 'Chicago'];
export const EN_ORGS = ['the International Energy Agency', 'industry analysts', 'the commerce ministry', 'a consulting firm', 'a trade association', 'the central bank', 'market researchers'];

/** `{A}`, `{B}`, `{C}` are the article's topic terms; `{CITY}`, `{ORG}`, `{N}`, `{P}`, `{Y}`, `{NAME}` slots. */
export const ZH_TITLES = [
  '{CITY}{A}产业加速发展，{B}成为关注焦点',
  '{ORG}：{Y}年{A}市场规模有望突破{N}亿元',
  '{A}迎来新一轮增长，{B}与{C}协同发力',
  '聚焦{A}：{CITY}出台新政支持{B}建设',
  '{B}价格回落，{A}行业竞争进入下半场',
];
export const ZH_SENTENCES = [
  '记者从{ORG}获悉，今年前三季度{CITY}{A}相关产业产值同比增长{P}%。',
  '业内人士认为，{B}是推动{A}发展的关键环节，未来几年仍将保持较快增长。',
  '数据显示，{Y}年全国{A}市场规模已达到{N}亿元，较上年增长{P}%。',
  '在{CITY}的一家企业，工作人员正在调试新一代{B}生产线，现场一片繁忙。',
  '{NAME}表示，{C}的布局速度直接影响{A}的普及程度，需要政策与市场共同发力。',
  '不少企业加大研发投入，试图在{B}领域建立技术壁垒。',
  '与此同时，{C}领域的竞争也日趋激烈，部分中小企业面临较大的经营压力。',
  '{ORG}发布的报告指出，{A}产业链上下游协同效应正在显现。',
  '专家建议，应进一步完善{C}相关标准，避免低水平重复建设。',
  '从消费端看，越来越多的用户开始关注{A}带来的实际体验。',
  '据不完全统计，{CITY}目前已有超过{N}家企业涉足{B}业务。',
  '分析人士指出，{B}成本的持续下降，为{A}的大规模应用创造了条件。',
  '{NAME}告诉记者，公司今年在{C}方面的投入同比增加了{P}%。',
  '面对新的形势，{CITY}提出要打造具有全国影响力的{A}产业集群。',
  '受此影响，资本市场上{A}概念股近期表现活跃。',
  '也有观点认为，{A}行业短期内仍存在产能过剩的风险，需要理性看待。',
  '在政策引导下，{C}建设正从一线城市向县域市场延伸。',
  '业内预计，到{Y}年，{B}的国产化率有望提升至{P}%以上。',
  '记者了解到，相关项目预计将于明年上半年投产。',
  '{CITY}市有关负责人介绍，下一步将加大对重点企业的服务力度。',
  '{NAME}坦言，眼下最大的难题是人才短缺，尤其是既懂技术又懂市场的复合型人才。',
  '去年以来，多地相继出台支持{A}发展的专项政策。',
  '值得注意的是，{B}的供需关系正在发生微妙变化。',
  '一位不愿具名的业内人士透露，部分订单已经排到了{Y}年。',
  '在采访中，多位受访者都提到了“降本增效”这个关键词。',
  '截至目前，{CITY}已累计建成{C}项目{N}个。',
];
export const EN_TITLES = [
  '{A}: How the Market in {CITY} Is Changing',
  '{A} Boom Puts {B} in the Spotlight',
  'Analysts Expect {A} Spending to Top ${N} Billion by {Y}',
  'Inside the Race for Cheaper {B}',
  '{CITY} Bets Big on {A} as Spending on {C} Climbs',
];
export const EN_SENTENCES = [
  'According to {ORG}, investment in {A} rose {P} percent in the first nine months of the year.',
  'Executives describe {B} as the key bottleneck for the wider adoption of {A}.',
  'The market for {A} reached ${N} billion in {Y}, up {P} percent from a year earlier.',
  'At a factory outside {CITY}, engineers were testing a new production line for {B}.',
  '"The pace of {C} will decide how fast {A} go mainstream," said {NAME}, an industry veteran.',
  'Several companies have raised research budgets in an attempt to build a lead in {B}.',
  'Competition in {C} has also intensified, squeezing margins at smaller firms.',
  'A report published by {ORG} found that suppliers across the {A} value chain are consolidating.',
  'Experts called for common standards for {C} to avoid wasteful duplication.',
  'On the demand side, more and more buyers now weigh the everyday benefits of {A}.',
  'More than {N} companies in {CITY} are now involved in {B}, by one count.',
  'Falling costs for {B} have made large-scale deployment of {A} economically viable.',
  '{NAME} said the company had increased its spending on {C} by {P} percent this year.',
  'Officials in {CITY} want to build a cluster of {A} suppliers with national reach.',
  'Shares of companies linked to {A} have rallied in recent weeks.',
  'Skeptics warn that the {A} sector may face overcapacity in the short term.',
  'Policy support is pushing {C} beyond big cities into smaller towns.',
  'By {Y}, the share of domestically made {B} could exceed {P} percent, analysts estimate.',
  'The project is expected to start production in the first half of next year.',
  'A city official in {CITY} said the government would step up support for key companies.',
  '{NAME} said the biggest problem was a shortage of skilled workers.',
  'Since last year, several regions have rolled out policies to support {A}.',
  'Notably, supply and demand for {B} are shifting in subtle ways.',
  'One person familiar with the matter said some orders were already booked into {Y}.',
  'Several people interviewed mentioned cost cutting as their top priority.',
  'So far, {CITY} has completed {N} projects related to {C}.',
];
export const ZH_COMMENTS = ['说得很有道理，支持一下！', '期待后续报道。', '价格什么时候能再降一点？', '我们这边也在建，速度挺快的。', '小编辛苦了，写得很详细。'];
export const EN_COMMENTS = ['Great overview, thanks for writing this.', 'I would love to see a follow-up on costs.', 'Not convinced this will last.', 'Same thing is happening in my town.', 'Interesting numbers, where is the full report?'];
export const EN_COMMENTERS = ['reader42', 'tom_k', 'mariaL', 'anon_7', 'dave.w', 'skeptic99'];
