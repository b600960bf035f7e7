// @ts-check
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const { Compilation, sources } = require("webpack");
const {
  OFFICE_SELF_DIR,
  contentSecurityPolicy,
  hostingFromEnv,
  officeJsSrc,
  rewriteHost,
  rewriteManifest,
} = require("./scripts/build/hosting.cjs");

const DEV_PORT = Number(process.env.VALEPIX_DEV_PORT ?? 3000);
/** The sandbox the dev server proxies `/api` to (npm run sandbox). */
const SANDBOX_URL = process.env.VALEPIX_SANDBOX_URL ?? "http://127.0.0.1:4010";

/**
 * Office only loads add-ins over https. `--env https` (set by `npm run dev-server:https`, which
 * the sideload scripts use) serves with the trusted localhost certificate of
 * office-addin-dev-certs; plain http is for this Linux machine's sandbox, tests and preview.
 */
async function devServerTransport(https) {
  if (!https) return "http";
  const devCerts = require("office-addin-dev-certs");
  return { type: "https", options: await devCerts.getHttpsServerOptions() };
}

/** Points every page and the manifest at the build's host (scripts/build/hosting.cjs). */
class HostingPlugin {
  /** @param {ReturnType<typeof hostingFromEnv>} hosting */
  constructor(hosting) {
    this.hosting = hosting;
  }
  /** @param {import("webpack").Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("HostingPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "HostingPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(html|xml)$/.test(name)) continue;
            const text = compilation.getAsset(name)?.source.source().toString() ?? "";
            const out =
              name === "manifest.xml" ? rewriteManifest(text, this.hosting) : rewriteHost(text, this.hosting);
            compilation.updateAsset(name, new sources.RawSource(out));
          }
        },
      );
    });
  }
}

/** @returns {Promise<import("webpack").Configuration>} */
module.exports = async (env = {}, argv = {}) => {
  const dev = argv.mode !== "production";
  const hosting = hostingFromEnv(process.env, { dev });
  const csp = contentSecurityPolicy(hosting);
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      // One page hosts both in the shared runtime: the ribbon commands and the task pane.
      // The taskpane entry depends on the commands entry, and the page has one webpack runtime:
      // the modules they share (the host of src/taskpane/composition-root.ts: token store, notices) are
      // loaded once and are one instance on the page, as the shared runtime requires.
      commands: "./src/commands/index.ts",
      taskpane: { import: "./src/taskpane/index.tsx", dependOn: "commands" },
      // The browser preview (development builds only): the same pane beside a spreadsheet.
      ...(dev ? { preview: "./src/preview/index.tsx" } : {}),
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].[contenthash:8].js",
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".tsx", ".js"],
      // exceljs's browser build (its main entry needs Node's stream and fs).
      alias: { exceljs$: require.resolve("exceljs/dist/exceljs.min.js") },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the bundle build only transpiles.
          use: { loader: "ts-loader", options: { transpileOnly: true } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        templateParameters: { officeJs: officeJsSrc(hosting), csp },
        chunks: ["commands", "taskpane"],
        chunksSortMode: "manual",
      }),
      ...(dev
        ? [
            new HtmlWebpackPlugin({
              filename: "preview.html",
              template: "./src/preview/preview.html",
              // The preview's globals and spreadsheet first, then the very chunks taskpane.html
              // loads in Excel.
              chunks: ["preview", "commands", "taskpane"],
              chunksSortMode: "manual",
            }),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [
          ...(dev
            ? [{ from: "node_modules/react-data-grid/lib/styles.css", to: "react-data-grid.css" }]
            : []),
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "src/taskpane/help.html", to: "help.html" },
          { from: "manifest.xml", to: "manifest.xml" },
          // office.js and the files it loads from its own folder (host and locale scripts),
          // without the debug builds and type definitions.
          ...(hosting.officeJs === "self"
            ? [
                {
                  from: path.join(path.dirname(require.resolve("@microsoft/office-js/package.json")), "dist"),
                  to: OFFICE_SELF_DIR,
                  // A filter on the path, not a glob ignore: globs are matched against the
                  // resolved path, which is outside the project where node_modules is a link.
                  filter: (file) => !file.endsWith(".debug.js") && !file.endsWith(".d.ts"),
                },
              ]
            : []),
        ],
      }),
      new HostingPlugin(hosting),
    ],
    optimization: { runtimeChunk: "single" },
    performance: {
      maxAssetSize: 2_000_000,
      maxEntrypointSize: 2_000_000,
      assetFilter: (f) => !f.startsWith(OFFICE_SELF_DIR),
    },
    devServer: {
      port: DEV_PORT,
      host: "localhost",
      hot: false,
      headers: { "Access-Control-Allow-Origin": "*" },
      server: await devServerTransport(Boolean(env.https) || process.env.VALEPIX_HTTPS === "1"),
      static: false,
      // The pane in Excel calls the sandbox through the dev server's own origin (connect to
      // https://localhost:3000 in the pane): https, same origin, no CORS, no mixed content.
      proxy: [{ context: ["/api"], target: SANDBOX_URL, changeOrigin: true }],
    },
  };
};
