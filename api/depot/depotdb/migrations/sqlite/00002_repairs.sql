-- +goose Up
-- The repair staff recorded on a unit (depot.Service.Repair): the work and its QA checklist (JSON
-- [{check, passed}]), one per RMA. A repaired unit ships back only once it has one.
CREATE TABLE `depot_repairs` (
	`rma_number` text,
	`parts_replaced` text NOT NULL,
	`work_performed` text NOT NULL,
	`qa` text NOT NULL,
	`actor` text NOT NULL,
	`at` datetime NOT NULL,
	PRIMARY KEY (`rma_number`)
);

-- +goose Down
DROP TABLE `depot_repairs`;
