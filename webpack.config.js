// @ts-check
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");

const DEV_PORT = Number(process.env.VALEPIX_DEV_PORT ?? 3000);

/**
 * Office only loads add-ins over https. `VALEPIX_HTTPS=1` (set by `npm run dev-server:https`,
 * which `npm run sideload` uses) serves with the trusted localhost certificate of
 * office-addin-dev-certs; plain http is for this Linux machine's sandbox, tests and preview.
 */
async function devServerTransport() {
  if (process.env.VALEPIX_HTTPS !== "1") return "http";
  const devCerts = require("office-addin-dev-certs");
  return { type: "https", options: await devCerts.getHttpsServerOptions() };
}

/** @returns {Promise<import("webpack").Configuration>} */
module.exports = async (_env, argv) => {
  const dev = argv.mode !== "production";
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      // One page hosts both in the shared runtime: the ribbon commands and the task pane.
      // The taskpane entry depends on the commands entry, and the page has one webpack runtime:
      // the modules they share (the host of src/taskpane/edge.ts: token store, notices) are
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
        ],
      }),
    ],
    optimization: { runtimeChunk: "single" },
    performance: { maxAssetSize: 2_000_000, maxEntrypointSize: 2_000_000 },
    devServer: {
      port: DEV_PORT,
      host: "localhost",
      hot: false,
      headers: { "Access-Control-Allow-Origin": "*" },
      server: await devServerTransport(),
      static: false,
    },
  };
};
